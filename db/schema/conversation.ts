import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { id, timestamp } from "./columns";
import { tickets } from "./tickets";

/**
 * Private links to one ticket (`/t/<token>`). Only the SHA-256 of a token is kept, so a copy of the database
 * opens no ticket. Every e-mail to the requester carries a fresh token; resetting revokes all of a ticket's.
 */
export const ticketLinks = sqliteTable(
  "ticket_links",
  {
    id: id(),
    ticketId: integer("ticket_id")
      .notNull()
      .references(() => tickets.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull().unique(),
    createdAt: timestamp("created_at").notNull(),
    revokedAt: timestamp("revoked_at"),
  },
  (t) => [index("ticket_links_ticket_idx").on(t.ticketId)],
);

/**
 * Every e-mail of a ticket's conversation by its Message-ID, sent or received. The unique id is what makes
 * an inbound reply land exactly once: its row is written in the same transaction as the note it becomes.
 */
export const ticketMessages = sqliteTable(
  "ticket_messages",
  {
    id: id(),
    ticketId: integer("ticket_id")
      .notNull()
      .references(() => tickets.id, { onDelete: "cascade" }),
    messageId: text("message_id").notNull().unique(),
    direction: text("direction", { enum: ["in", "out"] }).notNull(),
    noteId: integer("note_id"),
    createdAt: timestamp("created_at").notNull(),
  },
  (t) => [index("ticket_messages_ticket_idx").on(t.ticketId, t.createdAt)],
);

/** Inbound mail that was read but not stored (unknown sender, no ticket, too large), for the Email tab. */
export const inboundSkips = sqliteTable(
  "inbound_skips",
  {
    id: id(),
    messageId: text("message_id").notNull().unique(),
    fromAddress: text("from_address"),
    subject: text("subject"),
    reason: text("reason").notNull(),
    createdAt: timestamp("created_at").notNull(),
  },
  (t) => [index("inbound_skips_created_idx").on(t.createdAt)],
);

/**
 * "My tickets" links: the tickets of one e-mail address, for an hour after the e-mail is sent. Only the
 * SHA-256 of a token is kept, so a copy of the database opens nothing.
 */
export const trackingLinks = sqliteTable(
  "tracking_links",
  {
    id: id(),
    tokenHash: text("token_hash").notNull().unique(),
    email: text("email").notNull(),
    expiresAt: timestamp("expires_at").notNull(),
    createdAt: timestamp("created_at").notNull(),
  },
  (t) => [index("tracking_links_expires_idx").on(t.expiresAt)],
);

/** Settings an administrator changes at run time (JSON per key); the environment holds the rest. */
export const appSettings = sqliteTable("app_settings", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
  updatedAt: timestamp("updated_at").notNull(),
});

export type TicketLinkRow = typeof ticketLinks.$inferSelect;
export type TicketMessageRow = typeof ticketMessages.$inferSelect;
