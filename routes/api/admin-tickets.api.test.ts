import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { createTestApp, type TestApp } from "../../src/testing/test-app";
import { tickets, users } from "../../db/schema";
import { insertTicket } from "../../src/tickets/admin-tickets.fixtures";
import { file, form, PNG_BYTES } from "../../src/tickets/tickets.fixtures";

let t: TestApp;
beforeEach(async () => (t = await createTestApp()));
afterEach(() => t.close());

const get = async (path: string, cookie: string) => {
  const res = await t.request(path, { cookie });
  return { status: res.status, body: await res.json() };
};

/** Every admin ticket route for one ticket (and one attachment of it). */
function routes(id: number, attachmentId: number) {
  return [
    ["GET", `/api/admin/tickets/${id}`, undefined],
    ["PUT", `/api/admin/tickets/${id}/status`, { status: "in_progress" }],
    ["PUT", `/api/admin/tickets/${id}/priority`, { priority: "high" }],
    ["PUT", `/api/admin/tickets/${id}/assign`, { assignedTo: null }],
    ["GET", `/api/admin/tickets/${id}/notes`, undefined],
    ["POST", `/api/admin/tickets/${id}/notes`, { note: "Checked the cable" }],
    ["GET", `/api/admin/tickets/${id}/attachments`, undefined],
    ["GET", `/api/admin/attachments/${attachmentId}/download`, undefined],
    ["DELETE", `/api/admin/attachments/${attachmentId}`, undefined],
    ["DELETE", `/api/admin/tickets/${id}`, { password: "password123" }],
  ] as const;
}

async function withAttachment(cookie: string, id: number) {
  const res = await t.request(`/api/admin/tickets/${id}/attachments`, {
    cookie,
    body: form([
      ["file", file("shot.png", PNG_BYTES, "image/png")],
      ["isInternal", "true"],
    ]),
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { id: number }[])[0]!.id;
}

describe("admin tickets – who may do what", () => {
  test("anonymous visitors get 401 from every admin ticket route", async () => {
    const ticket = insertTicket(t);
    for (const [method, path, json] of [
      ...routes(ticket.id, 1),
      ["GET", "/api/admin/tickets", undefined],
      ["GET", "/api/admin/tickets/stats", undefined],
      ["GET", "/api/admin/tickets/today", undefined],
    ] as const) {
      const res = await t.request(path, { method, json });
      expect([method, path, res.status]).toEqual([method, path, 401]);
    }
  });

  test("a suspended staff member's session stops working at once", async () => {
    const cookie = await t.loginAs("staff", { email: "sus@example.com", canViewAllTickets: true });
    expect((await t.request("/api/admin/tickets", { cookie })).status).toBe(200);
    t.db.update(users).set({ status: "suspended" }).where(eq(users.email, "sus@example.com")).run();
    expect((await t.request("/api/admin/tickets", { cookie })).status).toBe(401);
  });

  test("staff cannot see or touch a ticket outside their departments: 404 everywhere, absent from lists and counts", async () => {
    const admin = await t.loginAs("admin");
    const hidden = insertTicket(t, { department: "Finance" });
    const attachmentId = await withAttachment(admin, hidden.id);
    insertTicket(t, { department: "IT" });
    const staff = await t.loginAs("staff", { allowedDepartments: ["IT"] });
    for (const [method, path, json] of routes(hidden.id, attachmentId)) {
      const res = await t.request(path, { method, json, cookie: staff });
      expect([method, path, res.status]).toEqual([method, path, 404]);
    }
    const list = await get("/api/admin/tickets", staff);
    expect(list.body.tickets.map((x: { department: string }) => x.department)).toEqual(["IT"]);
    expect(list.body.total).toBe(1);
    expect((await get("/api/admin/tickets/stats", staff)).body).toEqual({
      total: 1,
      open: 1,
      inProgress: 0,
      completed: 0,
      burnt: 0,
      breached: 0,
      dueSoon: 0,
      byStatus: expect.arrayContaining([{ name: "open", label: "Open", count: 1 }]),
    });
    expect((await get("/api/admin/tickets/today", staff)).body.newTickets).toBe(1);
    expect((await get("/api/admin/tickets/breakdown", staff)).body.byType).toEqual({ IT: 1 });
    expect(t.db.select().from(tickets).where(eq(tickets.id, hidden.id)).get()!.status).toBe("open");
  });

  test("staff in scope and admins may use every route", async () => {
    for (const cookie of [
      await t.loginAs("staff", { allowedCompanies: ["Main Office"], password: "password123" }),
      await t.loginAs("admin", { email: "boss@example.com", role: "admin", password: "password123" }),
    ]) {
      const ticket = insertTicket(t);
      const attachmentId = await withAttachment(cookie, ticket.id);
      for (const [method, path, json] of routes(ticket.id, attachmentId)) {
        const res = await t.request(path, { method, json, cookie });
        expect([method, path, res.status]).toEqual([method, path, method === "POST" ? 201 : 200]);
      }
    }
  });

  test("staff with both lists empty see only tickets assigned to them", async () => {
    const cookie = await t.loginAs("staff", { email: "mine@example.com" });
    const me = t.db.select().from(users).where(eq(users.email, "mine@example.com")).get()!;
    insertTicket(t);
    const mine = insertTicket(t, { assignedTo: String(me.id) });
    const list = await get("/api/admin/tickets", cookie);
    expect(list.body.tickets.map((x: { id: number }) => x.id)).toEqual([mine.id]);
  });

  test("staff lists merge their departments and their assigned tickets newest first, each ticket once", async () => {
    const cookie = await t.loginAs("staff", { email: "mix@example.com", allowedDepartments: ["IT"] });
    const me = String(t.db.select().from(users).where(eq(users.email, "mix@example.com")).get()!.id);
    const at = (h: number) => new Date(2026, 0, 1, h);
    const both = insertTicket(t, { department: "IT", assignedTo: me, createdAt: at(5) });
    const assigned = insertTicket(t, { department: "Finance", assignedTo: me, createdAt: at(4) });
    const it = insertTicket(t, { department: "IT", createdAt: at(3) });
    insertTicket(t, { department: "Finance", createdAt: at(6) });
    const ids = async (q: string) =>
      (await get(`/api/admin/tickets${q}`, cookie)).body as { tickets: { id: number }[]; total: number };
    expect((await ids("")).tickets.map((x) => x.id)).toEqual([both.id, assigned.id, it.id]);
    const page = await ids("?limit=2");
    expect([page.tickets.map((x) => x.id), page.total]).toEqual([[both.id, assigned.id], 3]);
    // Older assigned tickets and ties at a page's edge: every page is the head of the whole list.
    const tie = insertTicket(t, { department: "Finance", assignedTo: me, createdAt: at(5) }); // same time as `both`, newer id
    const old = insertTicket(t, { department: "Finance", assignedTo: me, createdAt: at(1) });
    const older = insertTicket(t, { department: "IT", createdAt: at(2) });
    const all = [tie.id, both.id, assigned.id, it.id, older.id, old.id];
    expect((await ids("")).tickets.map((x) => x.id)).toEqual(all);
    for (let n = 1; n <= all.length; n++)
      expect((await ids(`?limit=${n}`)).tickets.map((x) => x.id)).toEqual(all.slice(0, n));
  });
});
