import { sqliteTable, text, integer, index, primaryKey } from "drizzle-orm/sqlite-core";
import { sql } from "drizzle-orm";
import { id, timestamp } from "./columns";
import { users } from "./users";
import { tickets } from "./tickets";

export const NOTIFICATION_KINDS = [
  "assigned",
  "mentioned",
  "requester_replied",
  "due_soon",
  "breached",
  "new_ticket",
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** What an agent is told of, for the bell (when `in_app`) and the batched e-mail (when `outbox_id` is set). */
export const notifications = sqliteTable(
  "notifications",
  {
    id: id(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    ticketId: integer("ticket_id")
      .notNull()
      .references(() => tickets.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: NOTIFICATION_KINDS }).notNull(),
    actorName: text("actor_name"),
    inApp: integer("in_app", { mode: "boolean" }).notNull(),
    outboxId: integer("outbox_id"),
    createdAt: timestamp("created_at").notNull(),
    readAt: timestamp("read_at"),
  },
  // the bell reads one user's newest rows and counts their unread ones
  (t) => [
    index("notifications_user_idx").on(t.userId, t.id),
    index("notifications_ticket_idx").on(t.ticketId),
    // the bell's unread count reads only the unread rows
    index("notifications_unread_idx").on(t.userId).where(sql`${t.readAt} IS NULL`),
    // a waiting e-mail is rebuilt from its own rows at each addition
    index("notifications_outbox_idx").on(t.outboxId),
  ],
);

export const ticketFollowers = sqliteTable(
  "ticket_followers",
  {
    ticketId: integer("ticket_id")
      .notNull()
      .references(() => tickets.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.ticketId, t.userId] }), index("ticket_followers_user_idx").on(t.userId)],
);

/** Per-channel switches for each kind of notification; a missing key takes its default. */
export type NotifyPrefs = Partial<Record<string, { app: boolean; email: boolean }>>;

/** An agent's own settings: what they are told of, and when they are away (local dates, inclusive). */
export const agentPreferences = sqliteTable("agent_preferences", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  notify: text("notify", { mode: "json" }).$type<NotifyPrefs>().notNull().default({}),
  awayFrom: text("away_from"),
  awayUntil: text("away_until"),
  deputyId: integer("deputy_id").references(() => users.id, { onDelete: "set null" }),
  // new tickets are read from the tickets themselves: listed from the first instant, unread after the second
  newTicketsFrom: timestamp("new_tickets_from"),
  newTicketsRead: timestamp("new_tickets_read"),
});

/** The outbox message that gathers a user's notifications until it is sent: one e-mail per user per window. */
export const notificationDigests = sqliteTable("notification_digests", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  outboxId: integer("outbox_id").notNull(),
  startedAt: timestamp("started_at").notNull(),
});

export type NotificationRow = typeof notifications.$inferSelect;
