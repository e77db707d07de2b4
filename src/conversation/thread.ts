import { asc, eq, sql } from "drizzle-orm";
import { perConnection, placeholders, type Db } from "../../db/client";
import { mailOutbox, type MailKind, ticketMessages, type TicketRow } from "../../db/schema";
import type { Mail } from "../mail/compose";
import { plusAddress, replyKey, replyToken } from "./inbound/reply-token";
import { messageIdToken, ticketMessageId } from "./inbound/ticket-ref";
import { mailDomain } from "./message-id";

const p = (name: string) => sql.placeholder(name);
const statements = perConnection((db: Db) => ({
  thread: db
    .select({ messageId: ticketMessages.messageId })
    .from(ticketMessages)
    .where(eq(ticketMessages.ticketId, p("ticketId")))
    .orderBy(asc(ticketMessages.createdAt), asc(ticketMessages.id))
    .prepare(),
  insertMessage: db
    .insert(ticketMessages)
    .values(placeholders(["ticketId", "messageId", "direction", "noteId", "createdAt"]))
    .prepare(),
  insertOutbox: db
    .insert(mailOutbox)
    .values(
      placeholders([
        "ticketId",
        "kind",
        "recipients",
        "subject",
        "textBody",
        "htmlBody",
        "nextAttemptAt",
        "createdAt",
        "messageId",
        "inReplyTo",
        "references",
        "replyTo",
        "linkTicketId",
        "attachmentIds",
      ]),
    )
    .returning({ id: mailOutbox.id })
    .prepare(),
}));

/** Mail settings every queued message needs: who sends, where replies go (`desk+<token>@…` with plusAddressing). */
export type MailEnv = { from: string; replyTo?: string; plusAddressing?: boolean };

export type TicketMail = {
  ticket: Pick<TicketRow, "id" | "ticketId">;
  kind: MailKind;
  to: string[];
  mail: Mail;
  /** A private link is minted into the body when the message is sent. */
  withLink?: boolean;
  /**
   * Part of the requester's conversation: chained to the ticket's earlier messages with In-Reply-To and
   * References, and recorded so a reply to it finds the ticket. Staff notices are not, so a staff member
   * answering one from a mail client never lands on the ticket as the requester.
   */
  inThread?: boolean;
  /** Ticket files sent with it. */
  attachmentIds?: number[];
  /** Not sent before this time, so the change it tells of can still be undone. */
  notBefore?: Date;
};

/** Records a message of the ticket's conversation; the unique Message-ID makes a second copy throw. */
export function recordMessage(
  db: Db,
  m: { ticketId: number; messageId: string; direction: "in" | "out"; noteId: number | null; now: Date },
) {
  statements(db).insertMessage.run({ ...m, createdAt: m.now });
}

/** Queues one message in the outbox; call inside the transaction of the change it tells of. */
export function queueTicketMail(db: Db, env: MailEnv, m: TicketMail, now: Date) {
  return queueTicketMailRow(db, env, m, now).messageId;
}

/** As queueTicketMail, also answering the outbox row's id (to cancel a held message). */
export function queueTicketMailRow(db: Db, env: MailEnv, m: TicketMail, now: Date) {
  const q = statements(db);
  const kind = m.kind.split("_").pop()!;
  const token = m.inThread ? replyToken(replyKey(db, now), m.ticket) : undefined;
  const messageId = ticketMessageId(m.ticket.ticketId, kind, messageIdToken(), mailDomain(env.from), token);
  const replyTo = env.replyTo && token && env.plusAddressing ? plusAddress(env.replyTo, token) : env.replyTo;
  const earlier = m.inThread ? q.thread.all({ ticketId: m.ticket.id }).map((r) => r.messageId) : [];
  // The root and the latest few: enough for every mail client to thread, short enough for any header.
  const references = earlier.length > 0 ? [...new Set([earlier[0]!, ...earlier.slice(-9)])] : [];
  // RETURNING read with all(): a statement read with get() stays open and stalls WAL checkpoints
  const [row] = q.insertOutbox.all({
    ticketId: m.ticket.id,
    kind: m.kind,
    recipients: m.to.join(", "),
    subject: m.mail.subject,
    textBody: m.mail.text,
    htmlBody: m.mail.html,
    nextAttemptAt: m.notBefore ?? now,
    createdAt: now,
    messageId,
    inReplyTo: earlier.at(-1) ?? null,
    references: references.length > 0 ? references.join(" ") : null,
    replyTo: replyTo ?? null,
    linkTicketId: m.withLink ? m.ticket.id : null,
    attachmentIds: m.attachmentIds?.length ? m.attachmentIds : null,
  });
  if (m.inThread)
    recordMessage(db, { ticketId: m.ticket.id, messageId, direction: "out", noteId: null, now });
  return { messageId, outboxId: row!.id };
}
