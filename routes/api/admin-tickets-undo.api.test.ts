import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { eq, inArray } from "drizzle-orm";
import { auditLogs, mailOutbox, ticketNotes, tickets } from "../../db/schema";
import { createTestApp, type TestApp } from "../../src/testing/test-app";
import { startSmtpSink, type SmtpSink } from "../../src/testing/smtp-sink";
import { startMailWorker, type MailWorker } from "../../src/mail/worker";
import { createSmtpSender } from "../../src/mail/smtp";
import { insertTicket } from "../../src/tickets/admin-tickets.fixtures";

const START = new Date("2026-05-04T09:00:00Z").getTime();
let clock = new Date(START);
let t: TestApp;
let sink: SmtpSink;
let worker: MailWorker;
let admin: string;
beforeEach(async () => {
  clock = new Date(START);
  t = await createTestApp({ env: { PUBLIC_URL: "https://help.example.com" }, now: () => clock });
  sink = await startSmtpSink();
  admin = await t.loginAs("admin");
  worker = startMailWorker({
    db: t.db,
    now: () => clock,
    sender: createSmtpSender(sink.url, "help@example.com"),
    publicUrl: "https://help.example.com",
    pollMs: 60_000,
  });
});
afterEach(async () => {
  await worker.stop();
  await sink.stop();
  t.close();
});

/** The worker's pass at `ms` after the change. */
async function passAt(ms: number) {
  clock = new Date(START + ms);
  await worker.drain();
}
const setStatus = async (id: number, status: string) => {
  const res = await t.request(`/api/admin/tickets/${id}/status`, {
    method: "PUT",
    json: { status },
    cookie: admin,
  });
  expect(res.status).toBe(200);
  return (await res.json()) as { status: string; heldMail?: { ids: number[]; until: string } };
};
const undo = (id: number, json: unknown) =>
  t.request(`/api/admin/tickets/${id}/undo`, { json, cookie: admin });
const outboxOf = (id: number) => t.db.select().from(mailOutbox).where(eq(mailOutbox.ticketId, id)).all();
const statusOf = (id: number) => t.db.select().from(tickets).where(eq(tickets.id, id)).get()!.status;

describe("admin tickets – the requester's e-mail is held 5 s so a change can be undone", () => {
  test("no undo: the status mail is held for 5 s, then sent once", async () => {
    const tk = insertTicket(t, { email: "req@example.com" });
    const res = await setStatus(tk.id, "completed");
    expect(res.heldMail?.until).toBe(new Date(START + 5_000).toISOString());
    const [row] = outboxOf(tk.id);
    expect(row!.nextAttemptAt.getTime()).toBe(START + 5_000);
    await passAt(4_900);
    expect(sink.messages).toHaveLength(0);
    expect(outboxOf(tk.id)[0]!.status).toBe("pending");
    await passAt(5_000);
    await sink.waitFor((m) => m.to.includes("req@example.com"));
    await passAt(10_000);
    expect(sink.messages).toHaveLength(1);
  });

  test("undo within 5 s: the mail is cancelled and never leaves, the status goes back with an audit row", async () => {
    const tk = insertTicket(t, { email: "req@example.com" });
    const { heldMail } = await setStatus(tk.id, "completed");
    clock = new Date(START + 3_000);
    const res = await undo(tk.id, { mailIds: heldMail!.ids, status: "open" });
    expect(res.status).toBe(200);
    expect(statusOf(tk.id)).toBe("open");
    expect(outboxOf(tk.id).map((m) => m.status)).toEqual(["cancelled"]);
    await passAt(60_000);
    expect(sink.messages).toHaveLength(0);
    const actions = t.db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.entityId, tk.ticketId))
      .all()
      .map((a) => a.action);
    expect(actions).toContain("mail_cancelled");
    expect(actions.filter((a) => a === "status_changed")).toHaveLength(2);
  });

  test("undo after the hold answers 409 and changes nothing; the mail was sent", async () => {
    const tk = insertTicket(t, { email: "req@example.com" });
    const { heldMail } = await setStatus(tk.id, "completed");
    await passAt(5_000);
    const res = await undo(tk.id, { mailIds: heldMail!.ids, status: "open" });
    expect(res.status).toBe(409);
    expect(statusOf(tk.id)).toBe("completed");
    expect(sink.messages).toHaveLength(1);
  });

  test("undo of a reply cancels its e-mail and keeps the text as an internal note", async () => {
    const tk = insertTicket(t, { email: "req@example.com" });
    const sent = await t.request(`/api/admin/tickets/${tk.id}/notes`, {
      json: { note: "Oops, wrong ticket." },
      cookie: admin,
    });
    const note = (await sent.json()) as { id: number; heldMail: { ids: number[] } };
    expect((await undo(tk.id, { mailIds: note.heldMail.ids, noteId: note.id })).status).toBe(200);
    expect(t.db.select().from(ticketNotes).where(eq(ticketNotes.id, note.id)).get()!.isInternal).toBe(true);
    await passAt(60_000);
    expect(sink.messages).toHaveLength(0);
  });

  test("another ticket's held mail cannot be cancelled through this ticket", async () => {
    const a = insertTicket(t, { email: "a@example.com" });
    const b = insertTicket(t, { email: "b@example.com" });
    const { heldMail } = await setStatus(b.id, "completed");
    expect((await undo(a.id, { mailIds: heldMail!.ids })).status).toBe(409);
    await passAt(5_000);
    await sink.waitFor((m) => m.to.includes("b@example.com"));
  });
});

type Held = { ids: number[]; until: string; tickets: { id: number; status: string }[] };
const bulkStatus = async (ids: number[], value: string, cookie = admin) => {
  const res = await t.request("/api/admin/tickets/bulk", { json: { action: "status", ids, value }, cookie });
  expect(res.status).toBe(200);
  return (await res.json()) as { updated: number; heldMail?: Held };
};
const undoBulk = (held: Held, cookie = admin) =>
  t.request("/api/admin/tickets/bulk/undo", { json: { mailIds: held.ids, tickets: held.tickets }, cookie });
const statuses = (ids: number[]) =>
  t.db
    .select({ id: tickets.id, status: tickets.status })
    .from(tickets)
    .where(inArray(tickets.id, ids))
    .all()
    .sort((a, b) => a.id - b.id)
    .map((r) => r.status);

describe("bulk status – the requesters' e-mails are held 5 s so the change can be undone", () => {
  test("undone within 5 s: no e-mail leaves and every ticket has its status back", async () => {
    const a = insertTicket(t, { email: "a@example.com", status: "open" });
    const b = insertTicket(t, { email: "b@example.com", status: "in_progress" });
    const res = await bulkStatus([a.id, b.id], "completed");
    expect(res.updated).toBe(2);
    expect(res.heldMail?.until).toBe(new Date(START + 5_000).toISOString());
    expect(res.heldMail?.ids).toHaveLength(2);
    await passAt(4_000);
    expect(sink.messages).toHaveLength(0);
    const done = await undoBulk(res.heldMail!);
    expect(done.status).toBe(200);
    expect(statuses([a.id, b.id])).toEqual(["open", "in_progress"]);
    await passAt(6_000);
    expect(sink.messages).toHaveLength(0);
    const rows = t.db.select().from(mailOutbox).where(inArray(mailOutbox.id, res.heldMail!.ids)).all();
    expect(rows.map((r) => r.status)).toEqual(["cancelled", "cancelled"]);
  });

  test("not undone: the e-mails leave once the 5 s are over; an undo then is refused and changes nothing", async () => {
    const a = insertTicket(t, { email: "a@example.com" });
    const res = await bulkStatus([a.id], "completed");
    await passAt(5_000);
    await sink.waitFor((m) => m.to.includes("a@example.com"));
    const late = await undoBulk(res.heldMail!);
    expect(late.status).toBe(409);
    expect(JSON.stringify(await late.json())).toContain("Too late to undo");
    expect(statuses([a.id])).toEqual(["completed"]);
  });

  test("a ticket outside the undoer's scope refuses the whole undo", async () => {
    const a = insertTicket(t, { email: "a@example.com", department: "IT" });
    const b = insertTicket(t, { email: "b@example.com", department: "Finance" });
    const res = await bulkStatus([a.id, b.id], "completed");
    const staff = await t.loginAs("staff", { allowedDepartments: ["IT"], allowedCompanies: [] });
    expect((await undoBulk(res.heldMail!, staff)).status).toBe(404);
    expect(statuses([a.id, b.id])).toEqual(["completed", "completed"]);
    const pending = t.db.select().from(mailOutbox).where(eq(mailOutbox.status, "pending")).all();
    expect(pending).toHaveLength(2);
  });

  test("a priority change queues no e-mail and offers no undo", async () => {
    const a = insertTicket(t, { email: "a@example.com" });
    const res = await t.request("/api/admin/tickets/bulk", {
      json: { action: "priority", ids: [a.id], value: "urgent" },
      cookie: admin,
    });
    expect(await res.json()).toEqual({ updated: 1 });
  });
});
