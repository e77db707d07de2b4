import type { DbOrTx, Tx } from "../../db/client";
import { eq } from "drizzle-orm";
import { tickets, type TicketRow } from "../../db/schema";
import { recordAudit, SYSTEM_ACTOR } from "../audit/audit.service";
import { log } from "../log";
import type { AutomationRuleDto } from "../shared/schemas/automation";
import { businessMinutesBetween } from "../service-levels/business-time";
import { getServiceLevels } from "../service-levels/sla-settings";
import { type ActionEnv, applyActions, describeAction, type Changes } from "./actions";
import { customValuesOf } from "./custom-values";
import { conditionsHold, type Subject } from "./conditions";
import { listRules } from "./rules";
import { statementsOf } from "./statements";

export type Firing = {
  trigger: "created" | "changed" | "requester_replied" | "time";
  ticket: TicketRow;
  /** For `changed`: which fields the write changed, old → new. */
  changes?: Changes;
  now: Date;
  /** Mail settings, for rules that send e-mail. */
  env?: ActionEnv;
};

/** Whether a rule's trigger answers this event: for `changed`, the named field and its from/to values. */
function triggerFits(rule: AutomationRuleDto, trigger: Firing["trigger"], changes: Changes): boolean {
  if (rule.trigger.kind !== trigger) return false;
  if (trigger !== "changed") return true;
  const { field, from, to } = rule.trigger;
  const pairs = field ? (changes[field] ? [changes[field]] : []) : Object.values(changes);
  if (pairs.length === 0) return false;
  const same = (v: unknown, want?: string) =>
    want === undefined || String(v ?? "").toLowerCase() === want.toLowerCase();
  return pairs.some(([a, b]) => same(a, from) && same(b, to));
}

export const subjectOf = (tx: DbOrTx, ticket: TicketRow, now: Date): Subject => {
  let custom: Record<string, string[]> | undefined;
  return {
    ticket,
    inBusinessHours: () =>
      businessMinutesBetween(getServiceLevels(tx).calendar, now, new Date(now.getTime() + 60_000)) > 0,
    customValues: () => (custom ??= customValuesOf(tx, ticket.id)),
  };
};

function recordRun(
  tx: Tx,
  rule: AutomationRuleDto,
  ticket: TicketRow,
  actions: string[],
  error: string | null,
  now: Date,
) {
  const entry = {
    action: error ? "automation_failed" : "automation_fired",
    entityType: "automation_rule",
    entityId: rule.id,
  };
  recordAudit(
    tx,
    SYSTEM_ACTOR,
    { ...entry, newValue: { rule: rule.name, ticketId: ticket.ticketId, actions, error } },
    now,
  );
}

/** One rule in a savepoint: its writes and its audit row commit together, or roll back leaving the ticket write alone. */
export function fire(tx: Tx, rule: AutomationRuleDto, ticket: TicketRow, now: Date, env?: ActionEnv) {
  const sp = statementsOf(tx);
  sp.open.run();
  try {
    const applied = applyActions(tx, ticket, rule, now, env);
    const actions = rule.actions.map(describeAction);
    const { changes } = applied;
    if (Object.keys(changes).length > 0) {
      const oldValue = Object.fromEntries(Object.entries(changes).map(([k, [a]]) => [k, a]));
      const newValue = {
        rule: rule.name,
        ...Object.fromEntries(Object.entries(changes).map(([k, [, b]]) => [k, b])),
      };
      recordAudit(
        tx,
        SYSTEM_ACTOR,
        { action: "automation", entityType: "ticket", entityId: ticket.ticketId, oldValue, newValue },
        now,
      );
    }
    recordRun(tx, rule, applied.ticket, actions, null, now);
    sp.release.run();
    return applied;
  } catch (err) {
    sp.undo.run();
    sp.release.run();
    const error = err instanceof Error ? err.message : String(err);
    log.warn("automation rule failed", { rule: rule.id, ticket: ticket.ticketId, error });
    recordRun(tx, rule, ticket, [], error, now);
    return null;
  }
}

/**
 * Runs the active rules this write triggers, in order, inside the write's transaction, and the `changed`
 * rules their actions trigger in turn. A rule fires at most once per write: a second match is the loop
 * guard's, reported in the audit log and skipped. Returns the ticket as the rules left it.
 */
export function runAutomations(tx: Tx, f: Firing): TicketRow {
  const rules = listRules(tx).filter((r) => r.active);
  if (rules.length === 0) return f.ticket;
  const fired = new Set<number>();
  let ticket = f.ticket;
  let event: { trigger: Firing["trigger"]; changes: Changes } | null = {
    trigger: f.trigger,
    changes: f.changes ?? {},
  };
  while (event) {
    const caused: Changes = {};
    for (const rule of rules) {
      if (!triggerFits(rule, event.trigger, event.changes)) continue;
      if (!conditionsHold(rule, subjectOf(tx, ticket, f.now))) continue;
      if (fired.has(rule.id)) {
        recordRun(tx, rule, ticket, [], "Loop stopped: this rule already ran for this change", f.now);
        continue;
      }
      fired.add(rule.id);
      const applied = fire(tx, rule, ticket, f.now, f.env);
      if (!applied) continue;
      ticket = applied.ticket;
      Object.assign(caused, applied.changes);
      if (applied.stop) break;
    }
    event = Object.keys(caused).length > 0 ? { trigger: "changed", changes: caused } : null;
  }
  return ticket;
}

/** A requester's reply (portal, private link or e-mail) runs the `requester replied` rules on its ticket. */
export function runOnRequesterReply(tx: Tx, ticketId: number, now: Date) {
  const ticket = tx.select().from(tickets).where(eq(tickets.id, ticketId)).get();
  if (ticket) runAutomations(tx, { trigger: "requester_replied", ticket, now });
}
