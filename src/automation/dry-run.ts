import { desc } from "drizzle-orm";
import type { Db } from "../../db/client";
import { tickets } from "../../db/schema";
import type { AutomationRuleInput, DryRunDto } from "../shared/schemas/automation";
import { describeAction } from "./actions";
import { conditionsHold } from "./conditions";
import { subjectOf } from "./engine";

/** Which of the last 1,000 tickets the rule's conditions match as they stand now, and what it would do; nothing is written. */
export function dryRun(db: Db, rule: AutomationRuleInput, now: Date): DryRunDto {
  const recent = db.select().from(tickets).orderBy(desc(tickets.id)).limit(1000).all();
  const actions = rule.actions.map(describeAction);
  const matches = recent
    .filter((t) => conditionsHold(rule, subjectOf(db, t, now)))
    .map((t) => ({ ticketId: t.ticketId, actions }));
  return { checked: recent.length, matches };
}
