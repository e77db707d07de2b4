import { and, desc, eq, inArray } from "drizzle-orm";
import type { Db } from "../../db/client";
import { auditLogs, tickets } from "../../db/schema";
import type { AutomationRuleInput, AutomationRunDto, DryRunDto } from "../shared/schemas/automation";
import { describeAction } from "./actions";
import { conditionsHold } from "./conditions";
import { subjectOf } from "./engine";

/** A rule's last 50 firings, newest first, read from the audit log where every firing is written. */
export function listRuns(db: Db, ruleId: number): AutomationRunDto[] {
  return db
    .select({ at: auditLogs.createdAt, value: auditLogs.newValue })
    .from(auditLogs)
    .where(
      and(
        eq(auditLogs.entityType, "automation_rule"),
        eq(auditLogs.entityId, String(ruleId)),
        inArray(auditLogs.action, ["automation_fired", "automation_failed"]),
      ),
    )
    .orderBy(desc(auditLogs.id))
    .limit(50)
    .all()
    .map(({ at, value }) => {
      const v = value as { ticketId?: string; actions?: string[]; error?: string | null };
      return {
        at: at.toISOString(),
        ticketId: v.ticketId ?? null,
        actions: v.actions ?? [],
        error: v.error ?? null,
      };
    });
}

/** Which of the last 1,000 tickets the rule's conditions match as they stand now, and what it would do; nothing is written. */
export function dryRun(db: Db, rule: AutomationRuleInput, now: Date): DryRunDto {
  const recent = db.select().from(tickets).orderBy(desc(tickets.id)).limit(1000).all();
  const actions = rule.actions.map(describeAction);
  const matches = recent
    .filter((t) => conditionsHold(rule, subjectOf(db, t, now)))
    .map((t) => ({ ticketId: t.ticketId, actions }));
  return { checked: recent.length, matches };
}
