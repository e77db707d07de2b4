import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { createTestApp, type TestApp } from "../../src/testing/test-app";
import { tickets, users } from "../../db/schema";
import { expectAudit } from "../../src/testing/expect-audit";

let t: TestApp;
let admin: string;
beforeEach(async () => {
  t = await createTestApp();
  admin = await t.loginAs("admin");
});
afterEach(() => t.close());

const list = async (kind: string) => (await t.request(`/api/admin/config/${kind}`, { cookie: admin })).json();
let made = 0; // ticket ids must be unique: a counter, where random digits once collided
const ticket = (over: Partial<typeof tickets.$inferInsert> = {}) => {
  const now = new Date();
  return t.db
    .insert(tickets)
    .values({
      ticketId: `WI-2026-${String(++made).padStart(3, "0")}`,
      firstName: "A",
      lastName: "B",
      email: "a@b.c",
      phone: "555-555-5555",
      companyName: "Main Office",
      department: "IT",
      ticketType: "IT",
      description: "broken printer",
      createdAt: now,
      updatedAt: now,
      ...over,
    })
    .returning()
    .get();
};

describe("config lists api", () => {
  test("config – staff get 403 on every list route", async () => {
    const staff = await t.loginAs("staff");
    for (const [method, path, json] of [
      ["GET", "/api/admin/config/departments"],
      ["POST", "/api/admin/config/departments", { name: "X" }],
      ["PUT", "/api/admin/config/departments/1", { name: "X" }],
      ["DELETE", "/api/admin/config/departments/1"],
      ["POST", "/api/admin/config/departments/reorder", { positions: [{ id: 1, position: 1 }] }],
    ] as const)
      expect((await t.request(path, { method, json, cookie: staff })).status).toBe(403);
  });

  test("create – goes to the end of the list, active, gray; label only where the list has one", async () => {
    const dept = await (
      await t.request("/api/admin/config/departments", {
        json: { name: "Facilities", label: "ignored" },
        cookie: admin,
      })
    ).json();
    expect(dept).toMatchObject({ name: "Facilities", position: 8, isActive: true, color: "gray" });
    expect(dept.label).toBeUndefined();
    const prio = await (
      await t.request("/api/admin/config/priorities", {
        json: { name: "critical", label: "Critical", color: "pink" },
        cookie: admin,
      })
    ).json();
    expect(prio).toMatchObject({ label: "Critical", color: "pink", position: 5 });
    expectAudit(t, { entityType: "department", action: "created" }, [
      { newValue: expect.objectContaining({ name: "Facilities" }) },
    ]);
  });

  test("create – empty name, unknown colour and duplicate names are refused", async () => {
    const empty = await t.request("/api/admin/config/types", { json: { name: " " }, cookie: admin });
    expect(empty.status).toBe(400);
    expect((await empty.json()).message).toBe("Name is required");
    expect(
      (await t.request("/api/admin/config/types", { json: { name: "New", color: "mauve" }, cookie: admin }))
        .status,
    ).toBe(400);
    expect((await t.request("/api/admin/config/types", { json: { name: "it" }, cookie: admin })).status).toBe(
      409,
    );
    expect((await t.request("/api/admin/config/nope", { cookie: admin })).status).toBe(404);
    expect((await t.request("/api/admin/config/nope/1", { method: "DELETE", cookie: admin })).status).toBe(
      404,
    );
  });

  test("system statuses – cannot be deleted or renamed; other items can be deleted", async () => {
    const open = (await list("statuses"))[0];
    const del = await t.request(`/api/admin/config/statuses/${open.id}`, { method: "DELETE", cookie: admin });
    expect(del.status).toBe(400);
    expect((await del.json()).message).toBe("System items cannot be deleted");
    expect(
      (
        await t.request(`/api/admin/config/statuses/${open.id}`, {
          method: "PUT",
          json: { name: "opened" },
          cookie: admin,
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await t.request(`/api/admin/config/statuses/${open.id}`, {
          method: "PUT",
          json: { label: "New", color: "pink" },
          cookie: admin,
        })
      ).status,
    ).toBe(200);
    const legal = (await list("departments")).find((d: { name: string }) => d.name === "Legal");
    expect(
      (await t.request(`/api/admin/config/departments/${legal.id}`, { method: "DELETE", cookie: admin }))
        .status,
    ).toBe(200);
    expect((await list("departments")).map((d: { name: string }) => d.name)).not.toContain("Legal");
    expectAudit(t, { entityType: "department", action: "deleted" }, [
      { entityId: String(legal.id), oldValue: expect.objectContaining({ name: "Legal" }) },
    ]);
  });

  test("rename – existing tickets and staff access lists follow the new name", async () => {
    const tk = ticket({ department: "Finance" });
    const staff = await t.createUser({ email: "f@example.com", allowedDepartments: ["Finance", "IT"] });
    const fin = (await list("departments")).find((d: { name: string }) => d.name === "Finance");
    const res = await t.request(`/api/admin/config/departments/${fin.id}`, {
      method: "PUT",
      json: { name: "Accounting" },
      cookie: admin,
    });
    expect(res.status).toBe(200);
    expect(t.db.select().from(tickets).where(eq(tickets.id, tk.id)).get()!.department).toBe("Accounting");
    expect(t.db.select().from(users).where(eq(users.id, staff.id)).get()!.allowedDepartments).toEqual([
      "Accounting",
      "IT",
    ]);
    const company = (await list("companies"))[0];
    const tc = ticket({ companyId: company.id });
    await t.request(`/api/admin/config/companies/${company.id}`, {
      method: "PUT",
      json: { name: "HQ" },
      cookie: admin,
    });
    expect(t.db.select().from(tickets).where(eq(tickets.id, tc.id)).get()!.companyName).toBe("HQ");
    expectAudit(t, { entityType: "department", entityId: fin.id, action: "updated" }, [
      { oldValue: { name: "Finance" }, newValue: { name: "Accounting" } },
    ]);
  });

  test("reorder – positions from 1 are saved and the list comes back in that order", async () => {
    const before = await list("types");
    const reversed = [...before]
      .reverse()
      .map((x: { id: number }, i: number) => ({ id: x.id, position: i + 1 }));
    const res = await t.request("/api/admin/config/types/reorder", {
      json: { positions: reversed },
      cookie: admin,
    });
    expect(res.status).toBe(200);
    expect((await list("types")).map((x: { name: string }) => x.name)).toEqual([
      "Services",
      "Supplies",
      "Licensing",
      "IT",
    ]);
    expect(
      (
        await t.request("/api/admin/config/types/reorder", {
          json: { positions: [{ id: 999, position: 1 }] },
          cookie: admin,
        })
      ).status,
    ).toBe(400);
  });

  test("active toggle – an inactive item leaves the public pickers and old tickets keep it", async () => {
    const sales = (await list("departments")).find((d: { name: string }) => d.name === "Sales");
    const tk = ticket({ department: "Sales" });
    await t.request(`/api/admin/config/departments/${sales.id}`, {
      method: "PUT",
      json: { isActive: false },
      cookie: admin,
    });
    const pub = await (await t.request("/api/public/config/departments")).json();
    expect(pub.map((d: { name: string }) => d.name)).not.toContain("Sales");
    expect(t.db.select().from(tickets).where(eq(tickets.id, tk.id)).get()!.department).toBe("Sales");
  });
});
