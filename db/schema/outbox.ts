import { sqliteTable, text, integer, index } from "drizzle-orm/sqlite-core";
import { id, timestamp } from "./columns";

/** What a message is for; requester mails are switched on and off in Settings → Email. */
export const MAIL_KINDS = [
  "staff_notification",
  "submitter_confirmation",
  "requester_reply",
  "requester_status",
  "requester_link",
  "requester_tickets",
  "staff_requester_reply",
  "test",
  "password_reset",
  "invitation",
  "automation",
  "agent_notifications",
] as const;
export type MailKind = (typeof MAIL_KINDS)[number];

// Messages are written in the same transaction as the change they tell of, then sent by a background worker.
export const mailOutbox = sqliteTable(
  "mail_outbox",
  {
    id: id(),
    ticketId: integer("ticket_id"),
    kind: text("kind", { enum: MAIL_KINDS }).notNull(),
    recipients: text("recipients").notNull(),
    subject: text("subject").notNull(),
    textBody: text("text_body").notNull(),
    htmlBody: text("html_body").notNull(),
    // dropped: a stale receipt not sent when sending resumed after a pause; cancelled: undone while held
    status: text("status", { enum: ["pending", "sending", "sent", "failed", "dropped", "cancelled"] })
      .notNull()
      .default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at")
      .notNull()
      .$defaultFn(() => new Date()),
    lastError: text("last_error"),
    createdAt: timestamp("created_at")
      .notNull()
      .$defaultFn(() => new Date()),
    sentAt: timestamp("sent_at"),
    // Threading headers; messageId is also recorded in ticket_messages when the mail belongs to a ticket.
    messageId: text("message_id"),
    inReplyTo: text("in_reply_to"),
    references: text("references"),
    replyTo: text("reply_to"),
    // When set, the worker mints a fresh private link to this ticket at send time and puts it in the body,
    // so no usable token is ever stored in the outbox.
    linkTicketId: integer("link_ticket_id"),
    // Ticket files sent with the message (a JSON list of file_attachments ids), read from disk at send time.
    attachmentIds: text("attachment_ids", { mode: "json" }).$type<number[]>(),
  },
  (t) => [index("mail_outbox_due_idx").on(t.status, t.nextAttemptAt)],
);

export type OutboxRow = typeof mailOutbox.$inferSelect;
