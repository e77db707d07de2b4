import { sqliteTable, integer, primaryKey, text, index } from "drizzle-orm/sqlite-core";
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

/**
 * Each rule's firings, for its "last runs" list: written many to a statement by the write that fired
 * them, trimmed to the newest per rule by the background pass.
 */
export const automationRuns = sqliteTable(
  "automation_runs",
  {
    id: integer("id").primaryKey(),
    ruleId: integer("rule_id").notNull(),
    ticketId: text("ticket_id"),
    at: timestamp("at").notNull(),
    actions: text("actions", { mode: "json" }).$type<string[]>().notNull(),
    error: text("error"),
  },
  (t) => [index("automation_runs_rule_idx").on(t.ruleId, t.id)],
);
