import { afterAll, afterEach, beforeAll, expect, test } from "bun:test";
import { and, eq } from "drizzle-orm";
import { fileAttachments, mailOutbox, ticketNotes, tickets } from "../../db/schema";
import { createSmtpSender } from "../mail/smtp";
import { startMailWorker } from "../mail/worker";
import { type Dovecot, startDovecot } from "../testing/dovecot";
import { type SmtpSink, startSmtpSink } from "../testing/smtp-sink";
import { createTestApp, type TestApp } from "../testing/test-app";
import { submit } from "../tickets/tickets.fixtures";
import { pollOnce } from "./inbound/mailbox";
import { inboundHandler } from "./inbound-job";
import { requesterView } from "./requester-view";

// Replies come through a real Dovecot mailbox and the real reader; what we send goes to a real SMTP server.
const USERS = Array.from({ length: 10 }, (_, i) => ({ user: `desk${i}@example.com`, password: `pw-${i}` }));
let imap: Dovecot;
let smtp: SmtpSink;
let t: TestApp;
let box = 0;
beforeAll(async () => {
  [imap, smtp] = await Promise.all([startDovecot({ users: USERS }), startSmtpSink()]);
}, 30_000);
afterEach(() => t?.close());
afterAll(async () => {
  await imap?.stop();
  await smtp?.stop();
});

const VERA = { firstName: "Vera", lastName: "Victim", email: "vera@victim.example" };
/** A test app reading its own mailbox, a ticket of Vera's assigned to a staff member (who hears of her replies). */
async function setup(env: Record<string, string> = {}) {
  const user = USERS[box++]!.user;
  t = await createTestApp({
    env: {
      IMAP_URL: imap.imapUrl(user),
      MAIL_FROM: "Help Desk <desk@example.com>",
      SMTP_URL: smtp.url,
      INBOUND_MAX_BYTES: "20000000",
      ...env,
    },
  });
  const ticket = await submit(t, VERA);
  const staff = await t.createUser({ email: `alex${box}@example.com` });
  t.db
    .update(tickets)
    .set({ assignedTo: String(staff.id) })
    .where(eq(tickets.id, ticket.id))
    .run();
  const receipt = t.db.select().from(mailOutbox).where(eq(mailOutbox.ticketId, ticket.id)).get()!;
  const poll = () => pollOnce({ url: imap.imapUrl(user), maxBytes: 20e6, handle: inboundHandler(t.deps) });
  return { ...ticket, user, receipt, staffEmail: staff.email, poll };
}

let n = 0;
function mail(o: {
  from?: string;
  subject: string;
  inReplyTo?: string;
  headers?: Record<string, string>;
  files?: { name: string; bytes: Uint8Array }[];
}) {
  const head: Record<string, string> = {
    ...o.headers,
    From: o.from ?? "Vera Victim <vera@victim.example>",
    To: "desk@example.com",
    Subject: o.subject,
    "Message-ID": `<m${++n}-${Date.now()}@mail.example.net>`,
    Date: new Date().toUTCString(),
    "MIME-Version": "1.0",
    ...(o.inReplyTo ? { "In-Reply-To": o.inReplyTo, References: o.inReplyTo } : {}),
  };
  const text = "update: please see below";
  const parts = (o.files ?? []).map(
    (f) =>
      `--b\r\nContent-Type: application/octet-stream\r\nContent-Disposition: attachment; filename="${f.name}"\r\nContent-Transfer-Encoding: base64\r\n\r\n${Buffer.from(f.bytes).toString("base64").replace(/.{76}/g, "$&\r\n")}\r\n`,
  );
  const body = parts.length
    ? `--b\r\nContent-Type: text/plain\r\n\r\n${text}\r\n${parts.join("")}--b--\r\n`
    : `${text}\r\n`;
  const type = parts.length ? 'multipart/mixed; boundary="b"' : "text/plain; charset=utf-8";
  const lines = Object.entries({ ...head, "Content-Type": type }).map(([k, v]) => `${k}: ${v}`);
  return `${lines.join("\r\n")}\r\n\r\n${body}`;
}

const notesOf = (id: number) => t.db.select().from(ticketNotes).where(eq(ticketNotes.ticketId, id)).all();
const emailed = (id: number) => notesOf(id).filter((x) => x.source === "email");
const outbox = (kind: string) =>
  t.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.kind, kind as never))
    .all();
const publicNotes = (id: number) =>
  requesterView(t.db, t.db.select().from(tickets).where(eq(tickets.id, id)).get()!).notes;

test("inbound – a forged From: with the ticket number is held unverified: not on Vera's page, nobody told", async () => {
  const s = await setup();
  await imap.append(s.user, mail({ subject: `Re: [${s.ticketId}] update` }));
  expect(await s.poll()).toMatchObject({ stored: 1 });
  expect(emailed(s.id)).toMatchObject([
    { isInternal: true, userEmail: VERA.email, unverifiedReason: expect.stringContaining("no reply token") },
  ]);
  expect(publicNotes(s.id)).toEqual([]);
  expect(outbox("staff_requester_reply")).toEqual([]);
  expect(t.db.select().from(tickets).where(eq(tickets.id, s.id)).get()!.status).toBe("open");
}, 30_000);

test("inbound – the requester's own reply, sent through SMTP and answered with its token, is trusted", async () => {
  const s = await setup({ MAIL_PLUS_ADDRESSING: "true" });
  const worker = startMailWorker({
    db: t.db,
    publicUrl: "https://desk.example.com",
    now: t.deps.now,
    sender: createSmtpSender(smtp.url, t.config.mail.from),
  });
  await worker.drain();
  await worker.stop();
  const sent = await smtp.waitFor(
    (m) => m.to.includes(VERA.email) && m.parsed.subject?.includes(s.ticketId) === true,
  );
  const messageId = sent.parsed.messageId!;
  const token = /^<wi-\d{4}-\d+\.confirmation\.[\w-]+\.([0-9a-f]{32})@example\.com>$/.exec(messageId)?.[1];
  expect(token).toBeDefined();
  const plus = s.user.replace("@", `+${token}@`);
  expect(sent.parsed.replyTo?.value[0]?.address).toBe(plus);
  expect(plus.toLowerCase()).not.toContain(s.ticketId.toLowerCase());

  await imap.append(s.user, mail({ subject: `Re: ${sent.parsed.subject}`, inReplyTo: messageId }));
  expect(await s.poll()).toMatchObject({ stored: 1 });
  expect(emailed(s.id)).toMatchObject([
    { isInternal: false, unverifiedReason: null, userName: "Vera Victim" },
  ]);
  expect(publicNotes(s.id)).toHaveLength(1);
  expect(outbox("staff_requester_reply")).toMatchObject([{ recipients: s.staffEmail }]);
  // The plus-address alone (a client that drops In-Reply-To) carries the token as well.
  await imap.append(s.user, mail({ subject: `Re: [${s.ticketId}] more`, headers: { "Delivered-To": plus } }));
  await s.poll();
  expect(emailed(s.id).map((x) => x.isInternal)).toEqual([false, false]);
}, 30_000);

test("inbound – the token from another address, or with dmarc=fail, is held unverified", async () => {
  const s = await setup();
  const replyTo = s.receipt.messageId!;
  await imap.append(s.user, [
    mail({ from: "Mallory <mallory@evil.example>", subject: "Re: receipt", inReplyTo: replyTo }),
    mail({
      subject: "Re: receipt",
      inReplyTo: replyTo,
      headers: {
        "Authentication-Results":
          "mx.example.com; spf=softfail smtp.mailfrom=victim.example; dmarc=fail header.from=victim.example",
      },
    }),
  ]);
  expect(await s.poll()).toMatchObject({ stored: 2 });
  expect(emailed(s.id).map((x) => [x.isInternal, x.unverifiedReason])).toEqual([
    [true, "Sent from mallory@evil.example, not the requester's address on file"],
    [true, "The receiving mail server reports dmarc=fail for the sender"],
  ]);
  expect(publicNotes(s.id)).toEqual([]);
  expect(outbox("staff_requester_reply")).toEqual([]);
}, 30_000);

const files = (count: number, size: number) =>
  Array.from({ length: count }, (_, i) => ({
    name: `log-${i}.txt`,
    bytes: new Uint8Array(size).fill(65 + (i % 26)),
  }));
const filesOf = (id: number) =>
  t.db.select().from(fileAttachments).where(eq(fileAttachments.ticketId, id)).all();
const refusedNote = (id: number) =>
  notesOf(id).find((x) => x.isInternal && x.note.startsWith("Attachments refused"))?.note ?? "";

test("inbound – at most the portal's file count per message is kept; the rest are named in a staff note", async () => {
  const s = await setup();
  await imap.append(
    s.user,
    mail({ subject: "Re: logs", inReplyTo: s.receipt.messageId!, files: files(40, 100) }),
  );
  await s.poll();
  expect(filesOf(s.id)).toHaveLength(10);
  expect(refusedNote(s.id)).toContain("log-39.txt (more than 10 files in one message)");
  expect(emailed(s.id)).toHaveLength(1);
}, 60_000);

test("inbound – e-mailed files stay within the ticket's bytes (UPLOAD_BYTES_PER_TICKET)", async () => {
  const s = await setup({ UPLOAD_BYTES_PER_TICKET: "1M" });
  await imap.append(
    s.user,
    mail({ subject: "Re: big", inReplyTo: s.receipt.messageId!, files: files(3, 800_000) }),
  );
  await s.poll();
  const bytes = filesOf(s.id).reduce((sum, f) => sum + f.fileSize, 0);
  expect(bytes).toBeLessThanOrEqual(1024 * 1024);
  expect(filesOf(s.id)).toHaveLength(1);
  expect(refusedNote(s.id)).toContain("log-2.txt (This ticket has reached its limit for attached files)");
  expect(emailed(s.id)).toHaveLength(1); // the message itself is kept
}, 60_000);

test("inbound – e-mailed files spend the sender's byte budget (the verified ticket's, never the From's)", async () => {
  const s = await setup({ UPLOAD_BYTES_PER_ADDRESS: "1000" });
  await imap.append(
    s.user,
    mail({ subject: "Re: two", inReplyTo: s.receipt.messageId!, files: files(2, 600) }),
  );
  await s.poll();
  expect(filesOf(s.id)).toHaveLength(1);
  expect(refusedNote(s.id)).toContain("log-1.txt (Upload limit reached. Please try again later.)");
}, 30_000);

test("inbound – below the free-disk floor no e-mailed file is written, the message is kept", async () => {
  const s = await setup({ MIN_FREE_DISK_MB: "1000000000" });
  await imap.append(
    s.user,
    mail({ subject: "Re: x", inReplyTo: s.receipt.messageId!, files: files(2, 100) }),
  );
  await s.poll();
  expect(filesOf(s.id)).toEqual([]);
  expect(refusedNote(s.id)).toContain("out of storage space");
  expect(emailed(s.id)).toHaveLength(1);
}, 30_000);

test("inbound – 25 forged From: senders on one thread share one budget, not 25", async () => {
  const s = await setup();
  const forged = Array.from({ length: 25 }, (_, i) =>
    mail({
      from: `Sender ${i} <s${i}@forged${i}.example>`,
      subject: "Re: receipt",
      inReplyTo: s.receipt.messageId!,
    }),
  );
  await imap.append(s.user, forged);
  const report = await s.poll();
  expect(report).toMatchObject({ stored: 20, retried: 5 });
  expect(emailed(s.id)).toHaveLength(20);
  expect(emailed(s.id).every((x) => x.isInternal && x.unverifiedReason)).toBe(true);
}, 60_000);

test("inbound – mail opening tickets sends no receipt to unverified senders, only to ones our server vouches for", async () => {
  const s = await setup({ INBOUND_CREATE_TICKETS: "true", INBOUND_AUTHSERV_ID: "mx.example.com" });
  const strangers = Array.from({ length: 25 }, (_, i) =>
    mail({ from: `Someone ${i} <x${i}@stranger${i}.example>`, subject: `Help ${i}` }),
  );
  const vouched = mail({
    from: "Sam Lee <sam@example.org>",
    subject: "Printer jammed",
    headers: {
      "Authentication-Results":
        "mx.example.com; spf=pass smtp.mailfrom=sam@example.org; dmarc=pass header.from=example.org",
    },
  });
  await imap.append(s.user, [vouched, ...strangers]);
  const report = await s.poll();
  expect(report).toMatchObject({ stored: 21, retried: 5 });
  const receipts = outbox("submitter_confirmation").filter((m) => m.ticketId !== s.id);
  expect(receipts.map((m) => m.recipients)).toEqual(["sam@example.org"]);
  const made = t.db
    .select()
    .from(tickets)
    .where(and(eq(tickets.department, "IT")))
    .all();
  expect(made).toHaveLength(22);
  const first = made.find((x) => x.email === "x0@stranger0.example")!;
  expect(notesOf(first.id).map((x) => x.note)).toEqual([expect.stringContaining("No receipt was sent")]);
}, 60_000);
