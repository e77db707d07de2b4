import { and, eq, inArray, isNotNull } from "drizzle-orm";
import type { Tx } from "../../db/client";
import { fileAttachments, ticketMessages, ticketNotes, type TicketRow } from "../../db/schema";
import { SYSTEM_ACTOR, recordAudit } from "../audit/audit.service";
import type { Deps, WriteCtx } from "../deps";
import { notFound } from "../errors/domain-error";
import { removeStored } from "../attachments/storage";
import { addNote } from "../notes/notes.service";
import { getTicketInScope, type ScopeActor } from "../tickets/tickets.scope";
import { keepMailFiles, type MailFiles } from "./inbound-files";
import { mailCtxOf, queueReplyNotice } from "./notify";
import { recordMessage } from "./thread";

/**
 * A reply whose sender is unverified: kept as an internal note (with internal files) marked with the reason,
 * so the requester's page never shows it, nobody is told, and nothing about the ticket changes until staff
 * accept or discard it.
 */
export function holdReply(o: {
  deps: Deps;
  now: Date;
  ticket: TicketRow;
  mail: { messageId: string; from: { name: string | null; address: string } };
  text: string;
  files: MailFiles;
  reason: string;
}) {
  const { deps, now, ticket, mail } = o;
  const from = mail.from.address.toLowerCase();
  const author = { name: (mail.from.name || from).slice(0, 100), email: from };
  deps.db.transaction(
    () => {
      addNote({
        db: deps.db,
        actor: SYSTEM_ACTOR,
        ticket,
        note: o.text || "(files only)",
        userName: author.name,
        userEmail: from,
        userId: null,
        isInternal: true,
        now,
        source: "email",
        andThen: (note) => {
          const m = { ticketId: ticket.id, messageId: mail.messageId, noteId: note.id };
          recordMessage(deps.db, { ...m, direction: "in", now });
          const ids = keepMailFiles(deps, { ticket, author, files: o.files, now, isInternal: true });
          deps.db
            .update(ticketNotes)
            .set({ unverifiedReason: o.reason, unverifiedFileIds: ids })
            .where(eq(ticketNotes.id, note.id))
            .run();
        },
      });
    },
    { behavior: "immediate" },
  );
  return { outcome: "stored" as const, ticketId: ticket.ticketId, created: false, unverified: true };
}

type Decide = WriteCtx & { user: ScopeActor; ticketId: number; noteId: number };

function heldNote(tx: Tx, ticket: TicketRow, noteId: number) {
  const note = tx
    .select()
    .from(ticketNotes)
    .where(
      and(
        eq(ticketNotes.id, noteId),
        eq(ticketNotes.ticketId, ticket.id),
        isNotNull(ticketNotes.unverifiedReason),
      ),
    )
    .get();
  if (!note) throw notFound("Unverified message");
  return note;
}

const audited = (note: { userEmail: string | null; unverifiedReason: string | null }) => ({
  from: note.userEmail,
  reason: note.unverifiedReason,
});

/** Staff vouch for the sender: the message becomes the requester's note and notifies as a reply does. */
export function acceptUnverified({ deps, actor, now, user, ticketId, noteId }: Decide) {
  const note = deps.db.transaction(
    (tx) => {
      const ticket = getTicketInScope(tx, user, ticketId);
      const held = heldNote(tx, ticket, noteId);
      const requester = `${ticket.firstName} ${ticket.lastName}`.trim();
      const set = { isInternal: false, unverifiedReason: null, unverifiedFileIds: null, userName: requester };
      const row = tx.update(ticketNotes).set(set).where(eq(ticketNotes.id, held.id)).returning().get();
      const files = held.unverifiedFileIds ?? [];
      if (files.length > 0)
        tx.update(fileAttachments)
          .set({ isInternal: false, userName: requester })
          .where(and(inArray(fileAttachments.id, files), eq(fileAttachments.ticketId, ticket.id)))
          .run();
      const entry = { entityType: "note", entityId: held.id, oldValue: audited(held) };
      const newValue = { ticketId: ticket.ticketId, files: files.length };
      recordAudit(tx, actor, { action: "unverified_reply_accepted", ...entry, newValue }, now);
      queueReplyNotice(mailCtxOf(deps, now), ticket, row);
      return row;
    },
    { behavior: "immediate" },
  );
  deps.wakeMailer();
  return note;
}

/** Staff reject the message: the note and its files go, the audit keeps who sent it and why it was held. */
export async function discardUnverified({ deps, actor, now, user, ticketId, noteId }: Decide) {
  const paths = deps.db.transaction(
    (tx) => {
      const ticket = getTicketInScope(tx, user, ticketId);
      const held = heldNote(tx, ticket, noteId);
      const ids = held.unverifiedFileIds ?? [];
      const where = and(inArray(fileAttachments.id, ids), eq(fileAttachments.ticketId, ticket.id));
      const files = ids.length
        ? tx.delete(fileAttachments).where(where).returning({ path: fileAttachments.filePath }).all()
        : [];
      // The Message-ID stays recorded, so the same mail delivered again is known and not held twice.
      tx.update(ticketMessages).set({ noteId: null }).where(eq(ticketMessages.noteId, held.id)).run();
      tx.delete(ticketNotes).where(eq(ticketNotes.id, held.id)).run();
      const oldValue = { ...audited(held), ticketId: ticket.ticketId, note: held.note.slice(0, 200) };
      const entry = { entityType: "note", entityId: held.id, oldValue, newValue: { files: files.length } };
      recordAudit(tx, actor, { action: "unverified_reply_discarded", ...entry }, now);
      return files.map((f) => f.path);
    },
    { behavior: "immediate" },
  );
  await Promise.all(paths.map((p) => removeStored(deps.config.uploadsDir, p)));
}
