import { sqliteTable, text, integer, index } from "drizzle-orm/sqlite-core";
import { id, timestamp } from "./columns";

// Messages are written with the ticket, then sent by a background worker.
export const mailOutbox = sqliteTable(
  "mail_outbox",
  {
    id: id(),
    ticketId: integer("ticket_id"),
    kind: text("kind", { enum: ["staff_notification", "submitter_confirmation"] }).notNull(),
    recipients: text("recipients").notNull(),
    subject: text("subject").notNull(),
    textBody: text("text_body").notNull(),
    htmlBody: text("html_body").notNull(),
    status: text("status", { enum: ["pending", "sending", "sent", "failed"] })
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
  },
  (t) => [index("mail_outbox_due_idx").on(t.status, t.nextAttemptAt)],
);

export type OutboxRow = typeof mailOutbox.$inferSelect;
