import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { createTestApp, type TestApp } from "../../src/testing/test-app";
import { insertTicket } from "../../src/tickets/admin-tickets.fixtures";
import type { TicketStats } from "../../src/shared/dto";

let t: TestApp;
let admin: string;
beforeEach(async () => {
  t = await createTestApp();
  admin = await t.loginAs("admin");
});
afterEach(() => t.close());

const stats = async (cookie = admin) => {
  const res = await t.request("/api/admin/tickets/stats", { cookie });
  expect(res.status).toBe(200);
  return (await res.json()) as TicketStats;
};
const countOf = (s: TicketStats, name: string) => s.byStatus.find((x) => x.name === name)?.count;

describe("admin tickets – totals for every configured status", () => {
  test("a custom status is counted, so the totals add up to every ticket", async () => {
    const made = await t.request("/api/admin/config/statuses", {
      json: { name: "waiting_customer", label: "Waiting on customer" },
      cookie: admin,
    });
    expect(made.status).toBe(201);
    insertTicket(t, { status: "open" });
    insertTicket(t, { status: "waiting_customer" });
    insertTicket(t, { status: "waiting_customer" });
    const s = await stats();
    expect(s.total).toBe(3);
    expect(s.byStatus.find((x) => x.name === "waiting_customer")).toEqual({
      name: "waiting_customer",
      label: "Waiting on customer",
      count: 2,
    });
    expect(countOf(s, "open")).toBe(1);
    expect(countOf(s, "completed")).toBe(0);
    expect(s.byStatus.reduce((sum, x) => sum + x.count, 0)).toBe(s.total);
  });

  test("the same scope as the other counts: staff see only their tickets in each status", async () => {
    await t.request("/api/admin/config/statuses", {
      json: { name: "on_hold", label: "On hold" },
      cookie: admin,
    });
    const staff = await t.loginAs("staff", { allowedDepartments: ["Finance"] });
    insertTicket(t, { status: "on_hold", department: "Finance" });
    insertTicket(t, { status: "on_hold", department: "IT" });
    expect(countOf(await stats(staff), "on_hold")).toBe(1);
    expect(countOf(await stats(), "on_hold")).toBe(2);
  });

  test("an inactive status is not listed", async () => {
    const res = await t.request("/api/admin/config/statuses", {
      json: { name: "retired", label: "Retired", isActive: false },
      cookie: admin,
    });
    expect(res.status).toBe(201);
    expect((await stats()).byStatus.map((x) => x.name)).not.toContain("retired");
  });
});
