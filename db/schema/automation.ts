import { sqliteTable, integer, primaryKey } from "drizzle-orm/sqlite-core";
import { timestamp } from "./columns";
import { tickets } from "./tickets";

/**
 * The last time each time rule fired on each ticket, with the instant its clock counted from: the rule
 * fires again on that ticket only once that instant moves (a new status, a new reply), never per pass.
 */
export const automationFirings = sqliteTable(
  "automation_firings",
  {
    ruleId: integer("rule_id").notNull(),
    ticketId: integer("ticket_id")
      .notNull()
      .references(() => tickets.id, { onDelete: "cascade" }),
    anchorAt: integer("anchor_at").notNull(),
    firedAt: timestamp("fired_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.ruleId, t.ticketId] })],
);
