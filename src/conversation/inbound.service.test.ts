import { afterEach, expect, test } from "bun:test";
import { existsSync, readdirSync } from "node:fs";
import { eq } from "drizzle-orm";
import {
  fileAttachments,
  inboundSkips,
  mailOutbox,
  ticketMessages,
  ticketNotes,
  tickets,
} from "../../db/schema";
import { createTestApp, type TestApp } from "../testing/test-app";
import { submit } from "../tickets/tickets.fixtures";
import { type InboundMail, receiveMail } from "./inbound.service";

let t: TestApp;
afterEach(() => t?.close());
const receive = (mail: InboundMail) => receiveMail({ deps: t.deps, now: t.deps.now(), mail });

const app = async (env: Record<string, string> = {}) => {
  t = await createTestApp({ env: { IMAP_URL: "imap://desk%40example.com:pw@127.0.0.1:1/INBOX", ...env } });
  const { id, ticketId } = await submit(t);
  const confirmation = t.db.select().from(mailOutbox).get()!;
  return { id, ticketId, ourId: confirmation.messageId! };
};
let n = 0;
const mail = (over: Partial<InboundMail> = {}): InboundMail => ({
  messageId: `<reply-${++n}@mail.example.net>`,
  inReplyTo: null,
  references: [],
  subject: "Re: your ticket",
  from: { name: "Jane Doe", address: "jane.doe@example.com" },
  text: "It works again, thanks!",
  attachments: [],
  ...over,
});
const notes = (ticketId: number) =>
  t.db.select().from(ticketNotes).where(eq(ticketNotes.ticketId, ticketId)).all();

test("a reply to our message lands once as the requester's note, even delivered twice or twice at once", async () => {
  const { id, ourId } = await app();
  const reply = mail({ inReplyTo: ourId, references: [ourId] });
  expect(await receive(reply)).toMatchObject({ outcome: "stored", created: false });
  expect(await receive(reply)).toEqual({ outcome: "duplicate" });
  const twin = mail({ inReplyTo: ourId });
  const both = await Promise.all([receive(twin), receive(twin)]);
  expect(both.map((r) => r.outcome).sort()).toEqual(["duplicate", "stored"]);
  expect(notes(id)).toMatchObject([
    {
      note: "It works again, thanks!",
      source: "email",
      userId: null,
      isInternal: false,
      userName: "Jane Doe",
    },
    { source: "email" },
  ]);
  // The assignee, or with nobody assigned the routing recipients, would be told; here nobody is configured.
  expect(t.config.mail.replyTo).toBe("desk@example.com");
});

test("a ticket id in the subject counts only from the ticket's own requester, and then only as unverified", async () => {
  const { id, ticketId } = await app();
  const stranger = mail({
    subject: `Re: [${ticketId}] hello`,
    from: { name: "Mallory", address: "mallory@evil.test" },
  });
  expect(await receive(stranger)).toEqual({ outcome: "skipped", reason: "no matching ticket" });
  expect(notes(id)).toHaveLength(0);
  expect(t.db.select().from(inboundSkips).all()).toMatchObject([{ fromAddress: "mallory@evil.test" }]);
  const own = mail({
    subject: `Re: [${ticketId.toLowerCase()}] hello`,
    from: { name: null, address: "JANE.DOE@example.com" },
  });
  expect(await receive(own)).toMatchObject({ outcome: "stored", unverified: true });
  expect(notes(id)).toMatchObject([
    { isInternal: true, unverifiedReason: expect.stringContaining("no reply token") },
  ]);
});

test("attachments are kept under the portal's rules; refused ones are named in an internal note", async () => {
  const { id, ourId } = await app();
  const bytes = (s: string) => new TextEncoder().encode(s);
  const reply = mail({
    inReplyTo: ourId,
    attachments: [
      { filename: "error.txt", content: bytes("stack trace") },
      { filename: "run.exe", content: bytes("MZ") },
    ],
  });
  await receive(reply);
  const files = t.db.select().from(fileAttachments).where(eq(fileAttachments.ticketId, id)).all();
  expect(files).toMatchObject([{ originalName: "error.txt", isInternal: false, fileSize: 11 }]);
  expect(existsSync(`${t.config.uploadsDir}/${files[0]!.filePath}`)).toBe(true);
  const internal = notes(id).filter((x) => x.isInternal);
  expect(internal).toHaveLength(1);
  expect(internal[0]!.note).toContain("run.exe");
  // A duplicate leaves no stray file behind.
  const before = readdirSync(t.config.uploadsDir).length;
  expect(await receive(reply)).toEqual({ outcome: "duplicate" });
  expect(readdirSync(t.config.uploadsDir).length).toBe(before);
});

test("mail answering no ticket opens one when allowed, once, and its receipt threads under the mail", async () => {
  await app({ INBOUND_CREATE_TICKETS: "true", INBOUND_AUTHSERV_ID: "mx.example.net" });
  const first = mail({
    subject: "Printer jammed",
    from: { name: "Sam Lee", address: "sam@example.org" },
    text: "Paper stuck in tray 2",
    authResults: "mx.example.net; spf=pass smtp.mailfrom=sam@example.org; dmarc=pass header.from=example.org",
  });
  const result = await receive(first);
  expect(result).toMatchObject({ outcome: "stored", created: true });
  expect(await receive(first)).toEqual({ outcome: "duplicate" });
  const made = t.db.select().from(tickets).where(eq(tickets.email, "sam@example.org")).all();
  expect(made).toMatchObject([
    { firstName: "Sam", lastName: "Lee", department: "IT", status: "open", channel: "email" },
  ]);
  expect(made[0]!.description).toContain("Paper stuck in tray 2");
  const receipt = t.db.select().from(mailOutbox).where(eq(mailOutbox.recipients, "sam@example.org")).get();
  expect(receipt!.inReplyTo).toBe(first.messageId);
});

test("without INBOUND_CREATE_TICKETS an unmatched mail is skipped and reported, not stored", async () => {
  await app();
  const res = await receive(mail({ subject: "Hello", from: { name: null, address: "who@x.test" } }));
  expect(res).toEqual({ outcome: "skipped", reason: "no matching ticket" });
  expect(t.db.select().from(tickets).all()).toHaveLength(1);
});

test("threads from before reply tokens keep working; an earlier inbound Message-ID proves nothing", async () => {
  const { id, ticketId } = await app();
  const old = `<${ticketId.toLowerCase()}.reply.AAAAbbbbCCCCddddEEEEff@example.com>`;
  t.db
    .insert(ticketMessages)
    .values({ ticketId: id, messageId: old, direction: "out", createdAt: new Date() })
    .run();
  expect(await receive(mail({ inReplyTo: old }))).toMatchObject({ outcome: "stored", created: false });
  expect(notes(id)).toMatchObject([{ isInternal: false, unverifiedReason: null }]);
  // A mail we received (its id chosen by its sender) is no key to the ticket.
  const first = mail({ inReplyTo: old });
  await receive(first);
  const echo = mail({
    inReplyTo: first.messageId,
    subject: "hello",
    from: { name: "Mallory", address: "mallory@evil.test" },
  });
  expect(await receive(echo)).toEqual({ outcome: "skipped", reason: "no matching ticket" });
});
