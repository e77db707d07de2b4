import { afterEach, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { mailOutbox, users } from "../../db/schema";
import { currentSmtp } from "../settings/mail-transport";
import { startSmtpSink, type SmtpSink } from "../testing/smtp-sink";
import { createTestApp, type TestApp } from "../testing/test-app";
import { insertTicket } from "../tickets/admin-tickets.fixtures";
import { liveSender } from "../mail/live-sender";
import { startMailWorker, type MailWorker } from "../mail/worker";
import { DIGEST_WINDOW_MS, withDigest } from "./digest";
import { notify } from "./notify.service";

let t: TestApp | undefined;
let sink: SmtpSink | undefined;
let worker: MailWorker | undefined;
afterEach(async () => {
  await worker?.stop();
  await sink?.stop();
  t?.close();
});

test("a burst of five assignments reaches the assignee as one e-mail listing the five tickets", async () => {
  let clock = new Date("2026-03-02T09:00:00Z");
  t = await createTestApp({ now: () => clock });
  sink = await startSmtpSink();
  const admin = await t.loginAs("admin");
  await t.loginAs("staff", { email: "ann@example.com", firstName: "Ann" });
  const ann = t.db.select().from(users).where(eq(users.email, "ann@example.com")).get()!;
  const put = await t.request("/api/admin/mail/accounts/smtp", {
    method: "PUT",
    json: { host: "127.0.0.1", port: sink.port, security: "none", fromAddress: "help@example.com" },
    cookie: admin,
  });
  expect(put.status).toBe(200);
  const live = liveSender(() => currentSmtp(t!.deps));
  worker = startMailWorker({ db: t.db, now: () => clock, sender: live.get, pollMs: 60_000 });
  const burst = Array.from({ length: 5 }, (_, i) => insertTicket(t!, { ticketId: `WI-2026-90${i}` }));
  for (const ticket of burst) {
    const res = await t.request(`/api/admin/tickets/${ticket.id}/assign`, {
      method: "PUT",
      json: { assignedTo: ann.id },
      cookie: admin,
    });
    expect(res.status).toBe(200);
    clock = new Date(clock.getTime() + 2_000);
    await worker.drain(); // nothing is due inside the window
  }
  expect(sink.messages).toHaveLength(0);
  clock = new Date(clock.getTime() + DIGEST_WINDOW_MS);
  await worker.drain();
  const mail = await sink.waitFor((m) => m.to.includes("ann@example.com"));
  expect(mail.parsed.subject).toBe("5 updates on your tickets");
  for (const ticket of burst) expect(mail.parsed.text).toContain(`${ticket.ticketId}: Assigned to you`);
  // the next one starts a new e-mail, again a window later
  const late = insertTicket(t, { ticketId: "WI-2026-999" });
  await t.request(`/api/admin/tickets/${late.id}/assign`, {
    method: "PUT",
    json: { assignedTo: ann.id },
    cookie: admin,
  });
  await worker.drain();
  expect(sink.messages).toHaveLength(1);
  clock = new Date(clock.getTime() + DIGEST_WINDOW_MS);
  await worker.drain();
  await sink.waitFor((m) => m.parsed.subject === "[WI-2026-999] Assigned to you by Admin");
  expect(t.db.select().from(mailOutbox).where(eq(mailOutbox.kind, "agent_notifications")).all()).toHaveLength(
    2,
  );
  live.close();
});

test("a long burst lists 25 tickets and points to the bell for the rest, in one waiting e-mail", async () => {
  t = await createTestApp();
  const ann = await t.createUser({ email: "ann@example.com", canViewAllTickets: true });
  for (let i = 0; i < 30; i++) {
    const ticket = insertTicket(t, { ticketId: `WI-2026-8${String(i).padStart(2, "0")}` });
    notify(t.db, { kind: "assigned", ticket, userIds: [ann.id], actorId: null, now: t.deps.now() });
  }
  const mails = t.db.select().from(mailOutbox).where(eq(mailOutbox.kind, "agent_notifications")).all();
  expect(mails).toHaveLength(1);
  // its text is written as it leaves
  const sent = withDigest(t.db, mails[0]!);
  expect(sent.subject).toBe("More than 25 updates on your tickets");
  expect(sent.textBody).toContain("WI-2026-824: Assigned to you");
  expect(sent.textBody).not.toContain("WI-2026-825");
  expect(sent.textBody).toContain("The others are in the bell on your dashboard.");
});
