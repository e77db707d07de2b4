import { sqliteTable, text, integer, index, primaryKey } from "drizzle-orm/sqlite-core";
import { id, timestamps } from "./columns";
import { tickets } from "./tickets";

/** Free-form ticket labels; one row per name whatever its case (nameKey is the lower-cased name). */
export const tags = sqliteTable("tags", {
  id: id(),
  name: text("name", { length: 40 }).notNull(),
  nameKey: text("name_key", { length: 40 }).notNull().unique(),
  color: text("color").notNull().default("gray"),
  ...timestamps(),
});

/**
 * Which ticket carries which tag. Keyed by tag first, so a tag filter reads one range of the key; the
 * ticket index serves a ticket's own tags and their removal with the ticket.
 */
export const ticketTags = sqliteTable(
  "ticket_tags",
  {
    tagId: integer("tag_id")
      .notNull()
      .references(() => tags.id, { onDelete: "cascade" }),
    ticketId: integer("ticket_id")
      .notNull()
      .references(() => tickets.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.tagId, t.ticketId] }), index("ticket_tags_ticket_idx").on(t.ticketId)],
);

export type TagRow = typeof tags.$inferSelect;
