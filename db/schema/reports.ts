import { integer, primaryKey, sqliteTable, text, type AnySQLiteColumn } from "drizzle-orm/sqlite-core";
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

/** The dimensions the reports filter by and staff scope reads; the assignee is '' when there is none. */
const dims = {
  department: text("department").notNull(),
  ticketType: text("ticket_type").notNull(),
  priority: text("priority").notNull(),
  companyName: text("company_name").notNull(),
  channel: text("channel").notNull(),
  agent: text("agent").notNull(),
};
const dimKeys = (t: { [K in keyof typeof dims]: AnySQLiteColumn }) => [
  t.department,
  t.ticketType,
  t.priority,
  t.companyName,
  t.channel,
  t.agent,
];

/**
 * Tickets created per UTC hour and dimensions (and how many of them are burnt now), kept by triggers in
 * every ticket write's transaction: an office day of any whole-hour time zone is a run of hours.
 */
export const reportCreated = sqliteTable(
  "report_created",
  { hour: integer("hour").notNull(), ...dims, n: integer("n").notNull(), burnt: integer("burnt").notNull() },
  // the migration makes both hour tables WITHOUT ROWID: a range of hours is one walk of the key's tree
  (t) => [primaryKey({ columns: [t.hour, ...dimKeys(t)] })],
);

/** Tickets completed per UTC hour of their completion and dimensions, kept by the same triggers. */
export const reportResolved = sqliteTable(
  "report_resolved",
  { hour: integer("hour").notNull(), ...dims, n: integer("n").notNull() },
  (t) => [primaryKey({ columns: [t.hour, ...dimKeys(t)] })],
);

/** The same hours without dimensions, for reports over every ticket: a year is a few thousand rows at any size. */
export const reportHours = sqliteTable("report_hours", {
  hour: integer("hour").primaryKey(),
  created: integer("created").notNull().default(0),
  burnt: integer("burnt").notNull().default(0),
  resolved: integer("resolved").notNull().default(0),
});
