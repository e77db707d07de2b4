import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { eq, inArray } from "drizzle-orm";
import { mailOutbox, tickets } from "../../db/schema";
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

type Held = { ids: number[]; until: string; tickets: { id: number; status: string }[] };
const bulkStatus = async (ids: number[], value: string, cookie = admin) => {
  const res = await t.request("/api/admin/tickets/bulk", { json: { action: "status", ids, value }, cookie });
  expect(res.status).toBe(200);
  return (await res.json()) as { updated: number; heldMail?: Held };
};
const undo = (held: Held, cookie = admin) =>
  t.request("/api/admin/tickets/bulk/undo", { json: { mailIds: held.ids, tickets: held.tickets }, cookie });
const statuses = (ids: number[]) =>
  t.db
    .select({ id: tickets.id, status: tickets.status })
    .from(tickets)
    .where(inArray(tickets.id, ids))
    .all()
    .sort((a, b) => a.id - b.id)
    .map((r) => r.status);
async function passAt(ms: number) {
  clock = new Date(START + ms);
  await worker.drain();
}

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
    const done = await undo(res.heldMail!);
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
    const late = await undo(res.heldMail!);
    expect(late.status).toBe(409);
    expect(JSON.stringify(await late.json())).toContain("Too late to undo");
    expect(statuses([a.id])).toEqual(["completed"]);
  });

  test("a ticket outside the undoer's scope refuses the whole undo", async () => {
    const a = insertTicket(t, { email: "a@example.com", department: "IT" });
    const b = insertTicket(t, { email: "b@example.com", department: "Finance" });
    const res = await bulkStatus([a.id, b.id], "completed");
    const staff = await t.loginAs("staff", { allowedDepartments: ["IT"], allowedCompanies: [] });
    expect((await undo(res.heldMail!, staff)).status).toBe(404);
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
