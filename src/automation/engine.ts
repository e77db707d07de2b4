import type { DbOrTx, Tx } from "../../db/client";
import { eq } from "drizzle-orm";
import { tickets, type TicketRow } from "../../db/schema";
import { recordAudit, SYSTEM_ACTOR } from "../audit/audit.service";
import { log } from "../log";
import type { AutomationRuleDto } from "../shared/schemas/automation";
import { businessMinutesBetween } from "../service-levels/business-time";
import { getServiceLevels } from "../service-levels/sla-settings";
import {
  type ActionEnv,
  applyActions,
  type Changes,
  currentOf,
  describeAction,
  flushPending,
  type Pending,
  writesBeside,
} from "./actions";
import { customValuesOf } from "./custom-values";
import { conditionsHold, type Subject } from "./conditions";
import { activeRules } from "./rules";
import { type Run, recordRuns } from "./run-log";
import { insertNotes, type RuleNote, statementsOf } from "./statements";

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
    lowered: new Map(),
  };
};

/**
 * One write's rules: the ticket's columns they set (written once), the run records and one audit row
 * for the ticket naming every rule that changed it, all written when the rules are done.
 */
export type Session = {
  tx: Tx;
  now: Date;
  env?: ActionEnv;
  pending: Pending;
  runs: (Run & { rule: string })[];
  changedBy: string[];
  before: Record<string, unknown>;
  after: Record<string, unknown>;
};

export const openSession = (tx: Tx, ticket: TicketRow, now: Date, env?: ActionEnv): Session => ({
  tx,
  now,
  env,
  pending: { stored: ticket, set: {}, notes: [] },
  runs: [],
  changedBy: [],
  before: {},
  after: {},
});

/**
 * Writes what the session holds and returns the ticket as the rules left it. Its notes go to `notes`
 * when given, for a caller that writes many sessions' notes together.
 */
export function closeSession(s: Session, notes?: RuleNote[]): TicketRow {
  const ticket = flushPending(s.tx, s.pending, s.now);
  if (s.changedBy.length > 0) {
    const entry = { action: "automation", entityType: "ticket", entityId: ticket.ticketId };
    const newValue = { rule: s.changedBy.join(", "), rules: s.changedBy, ...s.after };
    recordAudit(s.tx, SYSTEM_ACTOR, { ...entry, oldValue: s.before, newValue }, s.now);
  }
  if (s.runs.length > 0) {
    recordRuns(s.tx, s.runs, s.now);
    const runs = s.runs.map(({ rule, ruleId, actions, error }) => ({ rule, ruleId, actions, error }));
    const failed = s.runs.some((r) => r.error);
    const entry = {
      action: failed ? "automation_failed" : "automation_fired",
      entityType: "automation_rule",
    };
    const entityId = [...new Set(s.runs.map((r) => r.ruleId))].join(",");
    const newValue = { ticketId: ticket.ticketId, runs };
    recordAudit(s.tx, SYSTEM_ACTOR, { ...entry, entityId, newValue }, s.now);
  }
  if (notes) notes.push(...s.pending.notes);
  else insertNotes(s.tx, s.pending.notes, s.now);
  return ticket;
}

/**
 * One rule on the session's ticket. A rule that writes beside what the session keeps (columns, notes)
 * runs in a savepoint; one that only sets those needs none, as nothing is written until the session
 * closes. A failure leaves the ticket as the rule found it.
 */
export function fire(s: Session, rule: AutomationRuleDto) {
  const { tx, now, pending } = s;
  const saved = { stored: pending.stored, set: { ...pending.set }, notes: [...pending.notes] };
  const sp = writesBeside(rule) ? statementsOf(tx) : null;
  sp?.open.run();
  try {
    const applied = applyActions(tx, pending, rule, now, s.env);
    sp?.release.run();
    for (const [k, [a, b]] of Object.entries(applied.changes)) {
      if (!(k in s.before)) s.before[k] = a;
      s.after[k] = b;
    }
    if (Object.keys(applied.changes).length > 0) s.changedBy.push(rule.name);
    s.runs.push({
      rule: rule.name,
      ruleId: rule.id,
      ticketId: applied.ticket.ticketId,
      actions: rule.actions.map(describeAction),
      error: null,
    });
    return applied;
  } catch (err) {
    sp?.undo.run();
    sp?.release.run();
    Object.assign(pending, saved);
    const error = err instanceof Error ? err.message : String(err);
    log.warn("automation rule failed", { rule: rule.id, ticket: saved.stored.ticketId, error });
    s.runs.push({ rule: rule.name, ruleId: rule.id, ticketId: saved.stored.ticketId, actions: [], error });
    return null;
  }
}

/**
 * Runs the active rules an event triggers, in order, and the `changed` rules their actions trigger in
 * turn. A rule fires at most once per write: a second match is the loop guard's, reported in its runs
 * and skipped.
 */
export function runEvent(
  s: Session,
  rules: AutomationRuleDto[],
  trigger: Firing["trigger"],
  changes: Changes,
) {
  const fired = new Set<number>();
  let event: { trigger: Firing["trigger"]; changes: Changes } | null = { trigger, changes };
  while (event) {
    const caused: Changes = {};
    let subject: Subject | null = null;
    for (const rule of rules) {
      if (!triggerFits(rule, event.trigger, event.changes)) continue;
      subject ??= subjectOf(s.tx, currentOf(s.pending), s.now);
      if (!conditionsHold(rule, subject)) continue;
      const ticketId = subject.ticket.ticketId;
      if (fired.has(rule.id)) {
        const error = "Loop stopped: this rule already ran for this change";
        s.runs.push({ rule: rule.name, ruleId: rule.id, ticketId, actions: [], error });
        continue;
      }
      fired.add(rule.id);
      const applied = fire(s, rule);
      subject = null;
      if (!applied) continue;
      Object.assign(caused, applied.changes);
      if (applied.stop) break;
    }
    event = Object.keys(caused).length > 0 ? { trigger: "changed", changes: caused } : null;
  }
}

/**
 * Runs the active rules this write triggers inside the write's transaction. Returns the ticket as the
 * rules left it.
 */
export function runAutomations(tx: Tx, f: Firing): TicketRow {
  const rules = activeRules(tx);
  if (rules.length === 0) return f.ticket;
  const s = openSession(tx, f.ticket, f.now, f.env);
  runEvent(s, rules, f.trigger, f.changes ?? {});
  return closeSession(s);
}

/** A requester's reply (portal, private link or e-mail) runs the `requester replied` rules on its ticket. */
export function runOnRequesterReply(tx: Tx, ticketId: number, now: Date) {
  const ticket = tx.select().from(tickets).where(eq(tickets.id, ticketId)).get();
  if (ticket) runAutomations(tx, { trigger: "requester_replied", ticket, now });
}
