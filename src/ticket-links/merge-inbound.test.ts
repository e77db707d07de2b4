import { afterAll, beforeAll, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { ticketNotes } from "../../db/schema";
import { createSmtpSender } from "../mail/smtp";
import { startMailWorker } from "../mail/worker";
import { type Dovecot, startDovecot } from "../testing/dovecot";
import { type SmtpSink, startSmtpSink } from "../testing/smtp-sink";
import { createTestApp, type TestApp } from "../testing/test-app";
import { submit } from "../tickets/tickets.fixtures";
import { pollOnce } from "../conversation/inbound/mailbox";
import { inboundHandler } from "../conversation/inbound-job";

// The reply travels as a real mail: our confirmation out through SMTP, the answer in through Dovecot.
const BOX = { user: "desk-merge@example.com", password: "pw-merge" };
let imap: Dovecot;
let smtp: SmtpSink;
let t: TestApp;
beforeAll(async () => {
  [imap, smtp] = await Promise.all([startDovecot({ users: [BOX] }), startSmtpSink()]);
  t = await createTestApp({
    env: { IMAP_URL: imap.imapUrl(BOX.user), MAIL_FROM: "Help Desk <desk@example.com>", SMTP_URL: smtp.url },
  });
}, 30_000);
afterAll(async () => {
  t?.close();
  await imap?.stop();
  await smtp?.stop();
});

const VERA = { firstName: "Vera", lastName: "Victim", email: "vera@victim.example" };

test("merge – a reply to the merged ticket's old e-mail thread lands on the target ticket", async () => {
  const old = await submit(t, VERA);
  const worker = startMailWorker({
    db: t.db,
    now: t.deps.now,
    sender: createSmtpSender(smtp.url, t.config.mail.from),
    publicUrl: "http://localhost",
  });
  await worker.drain();
  await worker.stop();
  const sent = await smtp.waitFor((m) => m.parsed.subject?.includes(old.ticketId) === true);
  const target = await submit(t, { ...VERA, description: "The same printer, reported again" });
  const admin = await t.loginAs("admin");
  const merged = await t.request(`/api/admin/tickets/${old.id}/merge`, {
    cookie: admin,
    json: { into: target.id },
  });
  expect(merged.status).toBe(200);

  const reply = [
    "From: Vera Victim <vera@victim.example>",
    "To: desk@example.com",
    `Subject: Re: ${sent.parsed.subject}`,
    `Message-ID: <merge-reply-${Date.now()}@mail.example.net>`,
    `In-Reply-To: ${sent.parsed.messageId}`,
    `References: ${sent.parsed.messageId}`,
    `Date: ${new Date().toUTCString()}`,
    "MIME-Version: 1.0",
    "Content-Type: text/plain; charset=utf-8",
    "",
    "It jams again this morning.",
    "",
  ].join("\r\n");
  await imap.append(BOX.user, reply);
  const poll = () =>
    pollOnce({ url: imap.imapUrl(BOX.user), maxBytes: 20e6, handle: inboundHandler(t.deps) });
  expect(await poll()).toMatchObject({ stored: 1 });
  const notesOf = (id: number) => t.db.select().from(ticketNotes).where(eq(ticketNotes.ticketId, id)).all();
  expect(notesOf(target.id).filter((x) => x.source === "email")).toMatchObject([
    { note: expect.stringContaining("It jams again"), isInternal: false, unverifiedReason: null },
  ]);
  expect(notesOf(old.id)).toEqual([]);
}, 60_000);
