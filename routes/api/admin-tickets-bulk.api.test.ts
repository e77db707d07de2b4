import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { and, eq, inArray } from "drizzle-orm";
import { createTestApp, type TestApp } from "../../src/testing/test-app";
import { auditLogs, mailOutbox, tickets, users } from "../../db/schema";
import { insertTicket } from "../../src/tickets/admin-tickets.fixtures";

let t: TestApp;
beforeEach(async () => (t = await createTestApp()));
afterEach(() => t.close());

const bulk = (cookie: string, json: unknown) => t.request("/api/admin/tickets/bulk", { cookie, json });
const rows = (ids: number[]) => t.db.select().from(tickets).where(inArray(tickets.id, ids)).all();
const audits = (action: string) => t.db.select().from(auditLogs).where(eq(auditLogs.action, action)).all();

describe("bulk actions – all or nothing", () => {
  test("a status change applies the single-ticket rules to each: dates, an audit row and the requester's mail", async () => {
    const admin = await t.loginAs("admin");
    const ids = [1, 2, 3].map(() => insertTicket(t, { email: "req@example.com" }).id);
    const done = await bulk(admin, { ids, action: "status", value: "completed" });
    expect(done.status).toBe(200);
    const answer = (await done.json()) as { updated: number; heldMail: { tickets: unknown[] } };
    // the mails wait a few seconds, which the answer names with each status to put back on undo
    expect([answer.updated, answer.heldMail.tickets]).toEqual([3, ids.map((id) => ({ id, status: "open" }))]);
    for (const r of rows(ids)) expect([r.status, r.completedAt !== null]).toEqual(["completed", true]);
    expect(audits("status_changed").map((a) => a.newValue)).toEqual(ids.map(() => ({ status: "completed" })));
    const mails = t.db.select().from(mailOutbox).where(eq(mailOutbox.kind, "requester_status")).all();
    expect(mails.map((m) => m.ticketId).sort()).toEqual(ids);
    const back = await bulk(admin, { ids, action: "status", value: "in_progress" });
    expect(back.status).toBe(200);
    for (const r of rows(ids)) expect([r.completedAt, r.processedAt !== null]).toEqual([null, true]);
  });

  test("priority and assignee change every listed ticket, one audit row each", async () => {
    const admin = await t.loginAs("admin");
    const ids = [1, 2].map(() => insertTicket(t).id);
    expect(await (await bulk(admin, { ids, action: "priority", value: "urgent" })).json()).toEqual({
      updated: 2,
    });
    expect(await (await bulk(admin, { ids, action: "assign", value: 1 })).json()).toEqual({ updated: 2 });
    expect(rows(ids).map((r) => [r.priority, r.assignedTo])).toEqual([
      ["urgent", "1"],
      ["urgent", "1"],
    ]);
    expect([audits("updated").length, audits("assigned").length]).toEqual([2, 2]);
    expect(await (await bulk(admin, { ids, action: "assign", value: null })).json()).toEqual({ updated: 2 });
  });

  test("one ticket out of the staff member's scope, or unknown, refuses the whole request and changes nothing", async () => {
    const staff = await t.loginAs("staff", { allowedDepartments: ["IT"] });
    const mine = [1, 2].map(() => insertTicket(t, { department: "IT" }).id);
    const hidden = insertTicket(t, { department: "Finance" }).id;
    for (const ids of [
      [...mine, hidden],
      [...mine, 999_999],
    ])
      for (const body of [
        { action: "status", value: "completed" },
        { action: "priority", value: "urgent" },
        { action: "assign", value: null },
        { action: "delete", password: "password123" },
      ]) {
        const res = await bulk(staff, { ids, ...body });
        expect([body.action, res.status]).toEqual([body.action, 404]);
      }
    expect(rows([...mine, hidden]).map((r) => [r.status, r.priority])).toEqual([
      ["open", "medium"],
      ["open", "medium"],
      ["open", "medium"],
    ]);
    expect(t.db.select().from(auditLogs).where(eq(auditLogs.entityType, "ticket")).all()).toEqual([]);
    expect(await (await bulk(staff, { ids: mine, action: "priority", value: "low" })).json()).toEqual({
      updated: 2,
    });
  });

  test("deleting asks for the user's own password; a wrong one deletes nothing", async () => {
    const staff = await t.loginAs("staff", { canViewAllTickets: true, password: "password123" });
    const ids = [1, 2, 3].map(() => insertTicket(t).id);
    const wrong = await bulk(staff, { ids, action: "delete", password: "not-mine" });
    expect([wrong.status, (await wrong.json()).message]).toEqual([403, "Incorrect Password"]);
    expect(rows(ids)).toHaveLength(3);
    const ok = await bulk(staff, { ids, action: "delete", password: "password123" });
    expect([ok.status, await ok.json()]).toEqual([200, { deleted: 3 }]);
    expect(rows(ids)).toHaveLength(0);
    expect(audits("deleted")).toHaveLength(3);
  });

  test("bad requests are 400 and change nothing: unknown action or value, no ids, more than 500", async () => {
    const admin = await t.loginAs("admin");
    const id = insertTicket(t).id;
    const suspended = t.db.insert(users).values({
      email: "gone@example.com",
      password: "x",
      status: "suspended",
      createdAt: new Date(),
      updatedAt: new Date(),
    });
    const gone = suspended.returning().get().id;
    for (const body of [
      { ids: [id], action: "close" },
      { ids: [id], action: "status", value: "nonsense" },
      { ids: [id], action: "priority", value: "whenever" },
      { ids: [id], action: "assign", value: gone },
      { ids: [], action: "status", value: "open" },
      { ids: Array.from({ length: 501 }, (_, i) => i + 1), action: "status", value: "open" },
      { ids: ["1; drop"], action: "status", value: "open" },
      { ids: [id], action: "delete" },
    ]) {
      const res = await bulk(admin, body);
      expect([JSON.stringify(body).slice(0, 60), res.status]).toEqual([
        JSON.stringify(body).slice(0, 60),
        400,
      ]);
    }
    expect(
      t.db
        .select()
        .from(tickets)
        .where(and(eq(tickets.id, id), eq(tickets.status, "open")))
        .get(),
    ).toBeTruthy();
    expect(t.db.select().from(auditLogs).where(eq(auditLogs.entityType, "ticket")).all()).toEqual([]);
  });
});

describe("ticket by public id", () => {
  test("in scope it is the ticket; out of scope, unknown or malformed it is not", async () => {
    const staff = await t.loginAs("staff", { allowedDepartments: ["IT"] });
    const mine = insertTicket(t, { department: "IT" });
    const hidden = insertTicket(t, { department: "Finance" });
    const get = (id: string) => t.request(`/api/admin/tickets/by-ticket-id/${id}`, { cookie: staff });
    const res = await get(mine.ticketId);
    expect([res.status, (await res.json()).id]).toEqual([200, mine.id]);
    expect((await get(hidden.ticketId)).status).toBe(404);
    expect((await get("WI-1999-999")).status).toBe(404);
    expect((await get("nonsense")).status).toBe(400);
  });
});
