import { integer, sqliteTable } from "drizzle-orm/sqlite-core";
import { tickets } from "./tickets";

/**
 * How often each ticket left Completed, counted by a trigger on completed_at (set on entering
 * Completed, cleared on leaving), so every verb that reopens a ticket is counted without knowing it.
 */
export const ticketReopens = sqliteTable("ticket_reopens", {
  ticketId: integer("ticket_id")
    .primaryKey()
    .references(() => tickets.id, { onDelete: "cascade" }),
  n: integer("n").notNull().default(0),
});
