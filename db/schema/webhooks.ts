import { sql } from "drizzle-orm";
import { sqliteTable, text, integer, index } from "drizzle-orm/sqlite-core";
import { id, timestamp } from "./columns";

export const WEBHOOK_EVENTS = ["ticket.created", "ticket.changed", "note.added", "ticket.rated"] as const;

/** Admin-configured receivers of ticket events; the secret signs each body, so it is kept readable. */
export const webhooks = sqliteTable("webhooks", {
  id: id(),
  url: text("url").notNull(),
  // Comma-separated event names, matched by the triggers that queue deliveries.
  events: text("events").notNull(),
  active: integer("active", { mode: "boolean" }).notNull().default(true),
  includeInternal: integer("include_internal", { mode: "boolean" }).notNull().default(false),
  secret: text("secret").notNull(),
  createdAt: timestamp("created_at").notNull(),
  updatedAt: timestamp("updated_at").notNull(),
});

/**
 * The webhook outbox: one row per event and receiver, written by triggers in the same transaction as the
 * ticket or note write it reports, with the body's snapshot; the worker sends and retries it.
 */
export const webhookDeliveries = sqliteTable(
  "webhook_deliveries",
  {
    id: id(),
    webhookId: integer("webhook_id")
      .notNull()
      .references(() => webhooks.id, { onDelete: "cascade" }),
    // The event id receivers de-duplicate on; the same on every attempt.
    eventId: text("event_id").notNull(),
    event: text("event").notNull(),
    ticketId: integer("ticket_id"),
    payload: text("payload").notNull(),
    status: text("status", { enum: ["pending", "sending", "delivered", "failed"] })
      .notNull()
      .default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: integer("next_attempt_at").notNull(),
    occurredAt: integer("occurred_at").notNull(),
    lastAttemptAt: integer("last_attempt_at"),
    lastStatus: integer("last_status"),
    lastError: text("last_error"),
    // The first bytes of the receiver's answer, for the delivery log; never the whole body.
    responseExcerpt: text("response_excerpt"),
  },
  (t) => [
    index("webhook_deliveries_due_idx").on(t.status, t.nextAttemptAt),
    index("webhook_deliveries_hook_idx").on(t.webhookId, t.id),
    // a new ticket's deliveries, rewritten once its field values are stored; left as soon as one is tried
    index("webhook_deliveries_fresh_idx")
      .on(t.ticketId)
      .where(sql`${t.status} = 'pending' AND ${t.attempts} = 0 AND ${t.event} = 'ticket.created'`),
  ],
);

export type WebhookRow = typeof webhooks.$inferSelect;
export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;
