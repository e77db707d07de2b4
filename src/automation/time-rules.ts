import { and, eq, gt, isNull, notInArray, sql, type SQL } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import { automationFirings, tickets, type TicketRow } from "../../db/schema";
import { getServiceLevels } from "../service-levels/sla-settings";
import type { AutomationRuleDto } from "../shared/schemas/automation";
import { INACTIVE } from "../tickets/tickets.queries";
import type { ActionEnv } from "./actions";
import { conditionsHold } from "./conditions";
import { fire, runAutomations, subjectOf } from "./engine";
import { listRules } from "./rules";
import { timeCutoff } from "./time-clock";

type Since = NonNullable<AutomationRuleDto["trigger"]["since"]>;
const reply = (staff: boolean) =>
  sql`(SELECT max(n.created_at) FROM ticket_notes n WHERE n.ticket_id = ${tickets.id}
       AND n.user_id IS ${sql.raw(staff ? "NOT NULL" : "NULL")} AND n.is_internal = 0)`;

/** The instant each kind of time rule counts from, in SQL; null (no reply yet, no running clock) never fires. */
const ANCHORS: Record<Since, SQL> = {
  status: sql`coalesce(${tickets.statusChangedAt}, ${tickets.updatedAt})`,
  created: sql`${tickets.createdAt}`,
  requester_reply: reply(false),
  staff_reply: reply(true),
  first_response_due: sql`CASE WHEN ${tickets.firstRespondedAt} IS NULL THEN ${tickets.firstResponseDueAt} END`,
  resolution_due: sql`${tickets.resolutionDueAt}`,
};

const BATCH = 500;

export type TimePass = {
  db: Db;
  now: Date;
  env?: ActionEnv;
  /** Runs one write transaction in the app's write order (the group commit); direct when absent. */
  inWriteTurn?: <T>(write: () => T) => Promise<T>;
};

/** Open tickets past the rule's time that it has not fired on for this anchor yet, after `afterId`. */
function dueTickets(db: Db, rule: AutomationRuleDto, cutoff: Date, afterId: number) {
  const anchor = ANCHORS[rule.trigger.since!];
  return db
    .select({ ticket: tickets, anchor: sql<number>`${anchor}` })
    .from(tickets)
    .leftJoin(
      automationFirings,
      and(eq(automationFirings.ruleId, rule.id), eq(automationFirings.ticketId, tickets.id)),
    )
    .where(
      and(
        gt(tickets.id, afterId),
        notInArray(tickets.status, INACTIVE),
        isNull(tickets.mergedInto),
        sql`${anchor} <= ${cutoff.getTime()}`,
        sql`(${automationFirings.anchorAt} IS NULL OR ${automationFirings.anchorAt} <> ${anchor})`,
      ),
    )
    .orderBy(tickets.id)
    .limit(BATCH)
    .all();
}

/** Fires the rule on one ticket read afresh in the write, records the anchor so it fires once for it, then runs the `changed` rules it set off. */
function fireOn(tx: Tx, rule: AutomationRuleDto, id: number, anchor: number, p: TimePass) {
  const ticket = tx.select().from(tickets).where(eq(tickets.id, id)).get();
  if (!ticket || !conditionsHold(rule, subjectOf(tx, ticket, p.now))) return false;
  const firing = { ruleId: rule.id, ticketId: id, anchorAt: anchor, firedAt: p.now };
  tx.insert(automationFirings)
    .values(firing)
    .onConflictDoUpdate({ target: [automationFirings.ruleId, automationFirings.ticketId], set: firing })
    .run();
  const applied = fire(tx, rule, ticket, p.now, p.env);
  if (applied && Object.keys(applied.changes).length > 0)
    runAutomations(tx, {
      trigger: "changed",
      ticket: applied.ticket,
      changes: applied.changes,
      now: p.now,
      env: p.env,
    });
  return true;
}

/**
 * One pass of every active time rule over the open tickets: candidates are read outside any write (one
 * indexed range per rule), conditions checked in memory, and each batch of matches fired in one short write.
 * Returns how many firings it made.
 */
export async function runTimeRules(p: TimePass): Promise<number> {
  const rules = listRules(p.db).filter((r) => r.active && r.trigger.kind === "time" && r.trigger.since);
  const calendar = getServiceLevels(p.db).calendar;
  const inTurn = p.inWriteTurn ?? (async <T>(write: () => T) => write());
  let fired = 0;
  for (const rule of rules) {
    const cutoff = timeCutoff(calendar, rule.trigger, p.now);
    if (!cutoff) continue;
    for (let after = 0; ; ) {
      const rows = dueTickets(p.db, rule, cutoff, after);
      if (rows.length === 0) break;
      after = rows.at(-1)!.ticket.id;
      const matching = rows.filter((r) =>
        conditionsHold(rule, subjectOf(p.db, r.ticket as TicketRow, p.now)),
      );
      if (matching.length === 0) continue;
      fired += await inTurn(() =>
        p.db.transaction((tx) => matching.filter((r) => fireOn(tx, rule, r.ticket.id, r.anchor, p)).length, {
          behavior: "immediate",
        }),
      );
    }
  }
  return fired;
}
