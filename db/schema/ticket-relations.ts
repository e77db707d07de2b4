import { sqliteTable, text, integer, index, uniqueIndex } from "drizzle-orm/sqlite-core";
import { id, timestamp } from "./columns";
import { tickets } from "./tickets";

/** Two tickets that belong together: related both ways, or `fromId` the parent of `toId`. */
export const ticketRelations = sqliteTable(
  "ticket_relations",
  {
    id: id(),
    fromId: integer("from_id")
      .notNull()
      .references(() => tickets.id, { onDelete: "cascade" }),
    toId: integer("to_id")
      .notNull()
      .references(() => tickets.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: ["related", "parent"] }).notNull(),
    createdAt: timestamp("created_at").notNull(),
  },
  (t) => [
    uniqueIndex("ticket_relations_pair_idx").on(t.fromId, t.toId),
    index("ticket_relations_to_idx").on(t.toId),
  ],
);
