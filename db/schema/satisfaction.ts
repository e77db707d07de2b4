import { sqliteTable, text, integer, index } from "drizzle-orm/sqlite-core";
import { timestamp } from "./columns";
import { tickets } from "./tickets";

export const RATINGS = ["good", "okay", "bad"] as const;

/** The requester's answer to "How did we do?": one per ticket, changeable for a while after the first. */
export const ticketRatings = sqliteTable(
  "ticket_ratings",
  {
    ticketId: integer("ticket_id")
      .primaryKey()
      .references(() => tickets.id, { onDelete: "cascade" }),
    rating: text("rating", { enum: RATINGS }).notNull(),
    comment: text("comment"),
    createdAt: timestamp("created_at").notNull(),
    updatedAt: timestamp("updated_at").notNull(),
  },
  (t) => [index("ticket_ratings_time_idx").on(t.createdAt)],
);

export type TicketRatingRow = typeof ticketRatings.$inferSelect;
