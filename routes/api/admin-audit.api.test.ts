import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { createTestApp, type TestApp } from "../../src/testing/test-app";
import { auditLogs } from "../../db/schema";

let t: TestApp;
let admin: string;
beforeEach(async () => {
  t = await createTestApp();
  admin = await t.loginAs("admin");
});
afterEach(() => t.close());

const get = async (q = "") => (await t.request(`/api/admin/audit-logs${q}`, { cookie: admin })).json();

describe("audit logs api", () => {
  test("audit – staff get 403, anonymous 401", async () => {
    expect((await t.request("/api/admin/audit-logs", { cookie: await t.loginAs("staff") })).status).toBe(403);
    expect((await t.request("/api/admin/audit-logs")).status).toBe(401);
  });

  test("audit – newest first with the user's name, pages of 50 and the total", async () => {
    const now = Date.now();
    const rows = Array.from({ length: 120 }, (_, i) => ({
      userId: null,
      action: "updated",
      entityType: "ticket",
      entityId: String(i),
      createdAt: new Date(now - (120 - i) * 1000),
    }));
    t.db.insert(auditLogs).values(rows).run();
    const first = await get("?page=1&limit=50");
    expect(first.total).toBe(121); // plus the admin's login
    expect(first.logs).toHaveLength(50);
    expect(first.logs[0]).toMatchObject({
      action: "login",
      entityType: "auth",
      userEmail: "admin@example.com",
    });
    const last = await get("?page=3&limit=50");
    expect(last.logs).toHaveLength(21);
    expect(last.logs.at(-1).entityId).toBe("0");
  });

  test("audit – entity type, action and search filters narrow the list; 'all' means no filter", async () => {
    await t.request("/api/admin/config/departments", { json: { name: "Facilities" }, cookie: admin });
    await t.request("/api/admin/users", {
      json: { email: "x@example.com", firstName: "X", lastName: "Y", password: "secret1" },
      cookie: admin,
    });
    expect((await get("?entityType=department")).logs.map((l: { action: string }) => l.action)).toEqual([
      "created",
    ]);
    expect((await get("?action=login")).total).toBe(1);
    expect((await get("?entityType=all&action=all")).total).toBe(3);
    expect((await get("?search=Facilities")).total).toBe(1);
    expect((await get("?search=100%25")).total).toBe(0);
    const user = (await get("?entityType=user")).logs[0];
    expect(JSON.stringify(user.newValue)).not.toMatch(/password|argon/);
  });
});
