import { sqliteTable, text, integer, index } from "drizzle-orm/sqlite-core";
import { id, timestamps } from "./columns";
import { users } from "./users";

/** A reply kept for reuse: one person's own (ownerId) or shared with everyone (ownerId null). */
export const savedReplies = sqliteTable(
  "saved_replies",
  {
    id: id(),
    ownerId: integer("owner_id").references(() => users.id, { onDelete: "cascade" }),
    title: text("title", { length: 100 }).notNull(),
    body: text("body").notNull(),
    // What using it also does to the ticket: a status to set, tags to add.
    status: text("status"),
    tags: text("tags", { mode: "json" }).$type<string[]>().notNull().default([]),
    usageCount: integer("usage_count").notNull().default(0),
    ...timestamps(),
  },
  (t) => [index("saved_replies_owner_idx").on(t.ownerId, t.title)],
);

export type SavedReplyRow = typeof savedReplies.$inferSelect;
