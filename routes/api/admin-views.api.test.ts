import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { createTestApp, type TestApp } from "../../src/testing/test-app";
import { auditLogs, users } from "../../db/schema";
import { insertTicket } from "../../src/tickets/admin-tickets.fixtures";

let t: TestApp;
beforeEach(async () => (t = await createTestApp({ env: { LIST_COUNT_CAP: "3" } })));
afterEach(() => t.close());

type View = {
  id: number | string;
  name: string;
  builtin: boolean;
  filters: Record<string, string>;
  viewMode: string;
  count: number;
  countIsExact: boolean;
};
const views = async (cookie: string) => {
  const res = await t.request("/api/admin/views", { cookie });
  expect(res.status).toBe(200);
  return (await res.json()) as View[];
};
const create = (cookie: string, json: unknown) => t.request("/api/admin/views", { cookie, json });
const idOf = (email: string) => String(t.db.select().from(users).where(eq(users.email, email)).get()!.id);

describe("saved views", () => {
  test("quick views come with their filters and counts from the count tables, in the staff member's scope", async () => {
    const cookie = await t.loginAs("staff", { email: "q@example.com", allowedDepartments: ["IT"] });
    const me = idOf("q@example.com");
    insertTicket(t, { assignedTo: me, status: "in_progress" });
    insertTicket(t, { assignedTo: me, status: "completed" });
    insertTicket(t, { assignedTo: me, department: "Finance" }); // assigned: in scope whatever the department
    insertTicket(t, { priority: "urgent" });
    insertTicket(t, { priority: "high", status: "completed" });
    insertTicket(t, { department: "Finance", priority: "urgent" }); // out of scope
    const got = (await views(cookie)).filter((v) => v.builtin);
    expect(got.map((v) => [v.name, v.count, v.countIsExact])).toEqual([
      ["My tickets", 2, true],
      ["Unassigned", 1, true],
      ["Open high/urgent", 1, true],
      ["All open", 2, true],
      ["Breaching soon", 0, true],
    ]);
    for (const v of got) {
      const q = new URLSearchParams({ ...v.filters, limit: "1000" });
      const list = (await (await t.request(`/api/admin/tickets?${q}`, { cookie })).json()) as {
        tickets: unknown[];
      };
      expect([v.name, list.tickets.length]).toEqual([v.name, v.count]);
    }
  });

  test("create, rename, reorder and delete own views, each audited; a search view's count is bounded", async () => {
    const cookie = await t.loginAs("staff", { canViewAllTickets: true });
    for (let i = 0; i < 5; i++) insertTicket(t);
    const a = await create(cookie, { name: "Printers", filters: { search: "printer" }, viewMode: "grid" });
    expect(a.status).toBe(201);
    const b = await create(cookie, { name: "Urgent IT", filters: { priority: "urgent", department: "IT" } });
    const [va, vb] = [(await a.json()) as View, (await b.json()) as View];
    const own = (await views(cookie)).filter((v) => !v.builtin);
    expect(own.map((v) => [v.name, v.viewMode, v.count, v.countIsExact])).toEqual([
      ["Printers", "grid", 3, false],
      ["Urgent IT", "list", 0, true],
    ]);
    const renamed = await t.request(`/api/admin/views/${va.id}`, {
      method: "PUT",
      cookie,
      json: { name: "All printers", filters: { search: "printer" }, viewMode: "list" },
    });
    expect(renamed.status).toBe(200);
    const order = await t.request("/api/admin/views/reorder", { cookie, json: { ids: [vb.id, va.id] } });
    expect(order.status).toBe(200);
    expect((await views(cookie)).filter((v) => !v.builtin).map((v) => v.name)).toEqual([
      "Urgent IT",
      "All printers",
    ]);
    expect((await t.request(`/api/admin/views/${vb.id}`, { method: "DELETE", cookie })).status).toBe(200);
    const actions = t.db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.entityType, "saved_view"))
      .orderBy(auditLogs.id)
      .all();
    expect(actions.map((r) => r.action)).toEqual([
      "view_created",
      "view_created",
      "view_updated",
      "views_reordered",
      "view_deleted",
    ]);
  });

  test("another user's view is 404 to read-modify, and never listed", async () => {
    const alice = await t.loginAs("staff", { email: "alice@example.com" });
    const bob = await t.loginAs("staff", { email: "bob@example.com" });
    const view = (await (await create(alice, { name: "Mine" })).json()) as View;
    expect((await views(bob)).some((v) => v.name === "Mine")).toBe(false);
    const put = await t.request(`/api/admin/views/${view.id}`, {
      method: "PUT",
      cookie: bob,
      json: { name: "Hijack" },
    });
    expect(put.status).toBe(404);
    expect((await t.request(`/api/admin/views/${view.id}`, { method: "DELETE", cookie: bob })).status).toBe(
      404,
    );
    const reorder = await t.request("/api/admin/views/reorder", { cookie: bob, json: { ids: [view.id] } });
    expect(reorder.status).toBe(400);
    expect((await views(alice)).filter((v) => !v.builtin).map((v) => v.name)).toEqual(["Mine"]);
  });

  test("invalid views are 400: no name, unknown filter keys or values, unknown view mode", async () => {
    const cookie = await t.loginAs("admin");
    for (const body of [
      { name: "" },
      { name: "x", filters: { evil: "1" } },
      { name: "x", filters: { sort: "name" } },
      { name: "x", filters: { startDate: "yesterday" } },
      { name: "x", viewMode: "table" },
      { name: "x".repeat(101) },
    ]) {
      const res = await create(cookie, body);
      expect([JSON.stringify(body).slice(0, 50), res.status]).toEqual([
        JSON.stringify(body).slice(0, 50),
        400,
      ]);
    }
  });
});
