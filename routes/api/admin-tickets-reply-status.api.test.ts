import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { createTestApp, type TestApp } from "../../src/testing/test-app";
import { mailOutbox, ticketNotes, tickets } from "../../db/schema";
import { insertTicket } from "../../src/tickets/admin-tickets.fixtures";

let t: TestApp;
let admin: string;
beforeEach(async () => {
  t = await createTestApp();
  admin = await t.loginAs("admin");
});
afterEach(() => t.close());

const reply = (id: number, json: unknown, headers?: Record<string, string>) =>
  t.request(`/api/admin/tickets/${id}/notes`, { json, cookie: admin, headers });
const notesOf = (id: number) => t.db.select().from(ticketNotes).where(eq(ticketNotes.ticketId, id)).all();
const mailsOf = (id: number) =>
  t.db
    .select({ kind: mailOutbox.kind })
    .from(mailOutbox)
    .where(eq(mailOutbox.ticketId, id))
    .all()
    .map((m) => m.kind)
    .sort();
const statusOf = (id: number) =>
  t.db.select({ s: tickets.status }).from(tickets).where(eq(tickets.id, id)).get()?.s;

describe("admin tickets – a reply that also sets the status", () => {
  test("the reply and the new status land together, with the reply's and the status's e-mails", async () => {
    const tk = insertTicket(t, { email: "req@example.com" });
    const res = await reply(tk.id, { note: "Fixed, closing.", status: "completed" });
    expect(res.status).toBe(201);
    expect(statusOf(tk.id)).toBe("completed");
    expect(notesOf(tk.id).map((n) => n.note)).toEqual(["Fixed, closing."]);
    expect(mailsOf(tk.id)).toEqual(["requester_reply", "requester_status"]);
  });

  test("an unknown status refuses the whole write: no note, no e-mail, the status unchanged", async () => {
    const tk = insertTicket(t, { email: "req@example.com" });
    const res = await reply(tk.id, { note: "Should not stay.", status: "no-such-status" });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ message: "Invalid status" });
    expect(notesOf(tk.id)).toEqual([]);
    expect(mailsOf(tk.id)).toEqual([]);
    expect(statusOf(tk.id)).toBe("open");
  });

  test("a status set from an out-of-date view answers 409 and keeps no note", async () => {
    const tk = insertTicket(t, { email: "req@example.com" });
    const res = await reply(tk.id, { note: "Stale.", status: "completed" }, { "If-Match": '"999"' });
    expect(res.status).toBe(409);
    expect(notesOf(tk.id)).toEqual([]);
    expect(statusOf(tk.id)).toBe("open");
  });

  test("without a status the reply changes nothing else", async () => {
    const tk = insertTicket(t, { email: "req@example.com" });
    expect((await reply(tk.id, { note: "Just a note", isInternal: true })).status).toBe(201);
    expect(statusOf(tk.id)).toBe("open");
    expect(mailsOf(tk.id)).toEqual([]);
  });
});
