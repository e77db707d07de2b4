import { afterEach, expect, test } from "bun:test";
import { existsSync } from "node:fs";
import { eq } from "drizzle-orm";
import { auditLogs, fileAttachments, mailOutbox, ticketNotes, tickets } from "../../db/schema";
import { receiveMail } from "../../src/conversation/inbound.service";
import { requesterView } from "../../src/conversation/requester-view";
import { createTestApp, type TestApp } from "../../src/testing/test-app";
import { submit } from "../../src/tickets/tickets.fixtures";

let t: TestApp;
afterEach(() => t?.close());

let n = 0;
/** A ticket in IT with an assignee, and a reply held as unverified (the ticket number and Jane's address, no token). */
async function held() {
  t = await createTestApp({ env: { IMAP_URL: "imap://desk%40example.com:pw@127.0.0.1:1/INBOX" } });
  const { id, ticketId } = await submit(t);
  const alex = await t.createUser({ email: "alex@example.com" });
  t.db
    .update(tickets)
    .set({ assignedTo: String(alex.id) })
    .where(eq(tickets.id, id))
    .run();
  const messageId = `<held-${++n}@mail.example.net>`;
  const res = await receiveMail({
    deps: t.deps,
    now: t.deps.now(),
    mail: {
      messageId,
      inReplyTo: null,
      references: [],
      subject: `Re: [${ticketId}] update`,
      from: { name: "Jane D", address: "jane.doe@example.com" },
      text: "Please send the refund to account 123",
      attachments: [{ filename: "invoice.txt", content: new TextEncoder().encode("pay here") }],
    },
  });
  expect(res).toMatchObject({ outcome: "stored", unverified: true });
  const note = t.db.select().from(ticketNotes).where(eq(ticketNotes.ticketId, id)).get()!;
  const file = t.db.select().from(fileAttachments).where(eq(fileAttachments.ticketId, id)).get()!;
  expect([note.isInternal, file.isInternal]).toEqual([true, true]);
  return { id, ticketId, noteId: note.id, file, messageId };
}
const decide = (id: number, what: string, noteId: number, cookie?: string) =>
  t.request(`/api/admin/tickets/${id}/unverified/${what}`, { json: { noteId }, cookie });
const audit = (action: string) => t.db.select().from(auditLogs).where(eq(auditLogs.action, action)).all();
const replyNotices = () =>
  t.db.select().from(mailOutbox).where(eq(mailOutbox.kind, "staff_requester_reply")).all();
const view = (id: number) =>
  requesterView(t.db, t.db.select().from(tickets).where(eq(tickets.id, id)).get()!);

test("unverified reply – staff see it marked, and accepting it makes it the requester's note and tells the assignee", async () => {
  const h = await held();
  const admin = await t.loginAs("admin");
  const listed = (await (await t.request(`/api/admin/tickets/${h.id}/notes`, { cookie: admin })).json()) as {
    unverifiedReason?: string | null;
    unverifiedFileIds?: unknown;
  }[];
  expect(listed[0]!.unverifiedReason).toContain("no reply token");
  expect(listed[0]!).not.toHaveProperty("unverifiedFileIds");
  expect(view(h.id).notes).toEqual([]);
  expect(replyNotices()).toEqual([]);

  const res = await decide(h.id, "accept", h.noteId, admin);
  expect(res.status).toBe(200);
  expect(await res.json()).toMatchObject({ isInternal: false, unverifiedReason: null, userName: "Jane Doe" });
  expect(view(h.id).notes).toMatchObject([
    { note: "Please send the refund to account 123", source: "email" },
  ]);
  expect(view(h.id).attachments).toMatchObject([{ originalName: "invoice.txt" }]);
  expect(replyNotices()).toMatchObject([{ recipients: "alex@example.com" }]);
  expect(audit("unverified_reply_accepted")).toMatchObject([
    { entityType: "note", entityId: String(h.noteId), oldValue: { from: "jane.doe@example.com" } },
  ]);
  // Once accepted it is no longer held: a second decision finds nothing.
  expect((await decide(h.id, "accept", h.noteId, admin)).status).toBe(404);
  expect((await decide(h.id, "discard", h.noteId, admin)).status).toBe(404);
});

test("unverified reply – discarding removes the message and its files, audited; the same mail again is not held twice", async () => {
  const h = await held();
  const admin = await t.loginAs("admin");
  const path = `${t.config.uploadsDir}/${h.file.filePath}`;
  expect(existsSync(path)).toBe(true);
  const res = await decide(h.id, "discard", h.noteId, admin);
  expect(res.status).toBe(200);
  expect(t.db.select().from(ticketNotes).where(eq(ticketNotes.ticketId, h.id)).all()).toEqual([]);
  expect(t.db.select().from(fileAttachments).where(eq(fileAttachments.ticketId, h.id)).all()).toEqual([]);
  expect(existsSync(path)).toBe(false);
  expect(audit("unverified_reply_discarded")).toMatchObject([
    { oldValue: { from: "jane.doe@example.com", note: "Please send the refund to account 123" } },
  ]);
  expect(replyNotices()).toEqual([]);
  const again = await receiveMail({
    deps: t.deps,
    now: t.deps.now(),
    mail: {
      messageId: h.messageId,
      inReplyTo: null,
      references: [],
      subject: `Re: [${h.ticketId}] update`,
      from: { name: null, address: "jane.doe@example.com" },
      text: "again",
      attachments: [],
    },
  });
  expect(again).toEqual({ outcome: "duplicate" });
});

test("unverified reply – signed out 401, staff outside the ticket's scope 404, an ordinary note is not a held one", async () => {
  const h = await held();
  expect((await decide(h.id, "accept", h.noteId)).status).toBe(401);
  const outsider = await t.loginAs("staff", { allowedDepartments: ["Finance"] });
  for (const what of ["accept", "discard"])
    expect((await decide(h.id, what, h.noteId, outsider)).status).toBe(404);
  const note = t.db.select().from(ticketNotes).where(eq(ticketNotes.id, h.noteId)).get()!;
  expect([note.isInternal, note.unverifiedReason]).toEqual([true, expect.any(String)]);
  const inScope = await t.loginAs("staff", { allowedDepartments: ["IT"] });
  const staffNote = await t.request(`/api/admin/tickets/${h.id}/notes`, {
    json: { note: "Staff note here" },
    cookie: inScope,
  });
  const { id: plain } = (await staffNote.json()) as { id: number };
  expect((await decide(h.id, "accept", plain, inScope)).status).toBe(404);
  expect((await decide(h.id, "discard", plain, inScope)).status).toBe(404);
  expect((await decide(h.id, "accept", h.noteId, inScope)).status).toBe(200);
  expect(audit("unverified_reply_accepted")).toHaveLength(1);
});
