import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { createTestApp, type TestApp } from "../../src/testing/test-app";
import { mailOutbox, ticketDepartments } from "../../db/schema";
import { expectAudit } from "../../src/testing/expect-audit";
import { submit } from "../../src/tickets/tickets.fixtures";

let t: TestApp;
let admin: string;
beforeEach(async () => {
  t = await createTestApp();
  admin = await t.loginAs("admin");
});
afterEach(() => t.close());

const base = "/api/admin/config/email-routing";
const rule = (over: Record<string, unknown> = {}) => ({
  name: "IT desk",
  emailAddresses: "it@example.com, boss@example.com",
  conditionType: "all",
  departmentId: null,
  companyId: null,
  typeId: null,
  isActive: true,
  ...over,
});
const deptId = (name: string) =>
  t.db.select().from(ticketDepartments).where(eq(ticketDepartments.name, name)).get()!.id;

describe("email routing api", () => {
  test("email routing – staff get 403 on every route", async () => {
    const staff = await t.loginAs("staff");
    for (const [method, path, json] of [
      ["GET", base],
      ["POST", base, rule()],
      ["PUT", `${base}/1`, rule()],
      ["DELETE", `${base}/1`],
      ["GET", `${base}/outbox`],
    ] as const)
      expect((await t.request(path, { method, json, cookie: staff })).status).toBe(403);
  });

  test("create – clear messages when name or addresses are missing", async () => {
    const res = await t.request(base, { json: rule({ name: "", emailAddresses: "" }), cookie: admin });
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.errors).toEqual({
      name: "Name is required",
      emailAddresses: "At least one email address is required",
    });
  });

  test("create – each address must be one mailbox; the list is stored trimmed and without repeats", async () => {
    const bad = await t.request(base, {
      json: rule({ emailAddresses: "it@example.com, boss@example.com\r\nBcc: spy@example.com" }),
      cookie: admin,
    });
    expect(bad.status).toBe(400);
    expect((await bad.json()).errors).toEqual({
      emailAddresses: "Invalid email address: boss@example.com\r\nBcc: spy@example.com",
    });
    expect(
      (await (await t.request(base, { json: rule({ emailAddresses: " , ," }), cookie: admin })).json())
        .message,
    ).toBe("At least one email address is required");
    const ok = await t.request(base, {
      json: rule({ emailAddresses: " it@example.com,boss@example.com , it@example.com," }),
      cookie: admin,
    });
    expect(ok.status).toBe(201);
    expect((await ok.json()).emailAddresses).toBe("it@example.com, boss@example.com");
  });

  test("create – a condition needs its picker and unrelated references are cleared", async () => {
    const missing = await t.request(base, {
      json: rule({ conditionType: "both", departmentId: deptId("IT") }),
      cookie: admin,
    });
    expect((await missing.json()).message).toBe("Company is required");
    const res = await t.request(base, {
      json: rule({ conditionType: "department", departmentId: deptId("IT"), companyId: 1, typeId: 1 }),
      cookie: admin,
    });
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({
      conditionType: "department",
      departmentId: deptId("IT"),
      companyId: null,
      typeId: null,
      isActive: true,
    });
    expect(
      (await t.request(base, { json: rule({ conditionType: "type", typeId: 999 }), cookie: admin })).status,
    ).toBe(400);
  });

  test("edit and delete – stored, listed, audited with old and new values", async () => {
    const created = await (await t.request(base, { json: rule(), cookie: admin })).json();
    const put = await t.request(`${base}/${created.id}`, {
      method: "PUT",
      json: rule({ name: "Finance", isActive: false }),
      cookie: admin,
    });
    expect(await put.json()).toMatchObject({ name: "Finance", isActive: false });
    expect(
      (await (await t.request(base, { cookie: admin })).json()).map((r: { name: string }) => r.name),
    ).toEqual(["Finance"]);
    expect((await t.request(`${base}/${created.id}`, { method: "DELETE", cookie: admin })).status).toBe(200);
    expect(await (await t.request(base, { cookie: admin })).json()).toEqual([]);
    expectAudit(t, { entityType: "email_routing" }, [
      { action: "created" },
      {
        action: "updated",
        oldValue: { name: "IT desk", isActive: true },
        newValue: { name: "Finance", isActive: false },
      },
      { action: "deleted" },
    ]);
    expect((await t.request(`${base}/${created.id}`, { method: "DELETE", cookie: admin })).status).toBe(404);
  });

  test("outbox – queued mail shows as pending while SMTP_URL is unset", async () => {
    await t.request(base, { json: rule(), cookie: admin });
    await submit(t);
    expect(t.db.select().from(mailOutbox).all().length).toBeGreaterThan(0);
    const status = await (await t.request(`${base}/outbox`, { cookie: admin })).json();
    expect(status).toMatchObject({ smtpConfigured: false, sent: 0, failed: 0 });
    expect(status.pending).toBeGreaterThan(0);
  });
});
