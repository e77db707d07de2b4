import type { Tx } from "../../db/client";
import type { TicketRow } from "../../db/schema";
import { listHas, type RuleNote, updateTicket } from "./statements";
import { CHANGE_FIELDS, type AutomationRuleInput } from "../shared/schemas/automation";
import { badRequest } from "../errors/domain-error";
import { assertAssignable, statusFields } from "../tickets/tickets.admin.service";
import { resumeFields } from "../service-levels/waiting-pause";
import { clockFields, getServiceLevels } from "../service-levels/sla-settings";
import { SYSTEM_ACTOR } from "../audit/audit.service";
import { changeTicketTags } from "../tags/ticket-tags";
import { leastLoaded, nextInTurn } from "./assign-pool";
import { queueRuleMail, type RuleMailEnv } from "./rule-mail";
import { queueRuleWebhook } from "./rule-webhook";
import { setCustomValue } from "./custom-values";
import { availableAssignee } from "../notifications/preferences";
import { onAssigned } from "../notifications/triggers";

type Action = AutomationRuleInput["actions"][number];
/** Field name → [before, after], the same shape the write verbs hand the engine. */
export type Changes = Record<string, [unknown, unknown]>;
export type Applied = { ticket: TicketRow; changes: Changes; stop: boolean };
/** What actions reaching outside the ticket need: the mail settings (none where mail cannot be queued). */
export type ActionEnv = { mail?: RuleMailEnv };
type Rule = Pick<AutomationRuleInput, "name" | "actions"> & { id?: number };

const userId = (value: string) => {
  const n = Number(value);
  if (!Number.isInteger(n) || n <= 0) throw badRequest(`Unknown user ${value}`);
  return n;
};

/** The ticket columns each setting action writes, checked as the staff verbs check them. */
const SETTERS: Record<string, (tx: Tx, t: TicketRow, v: string, now: Date) => Partial<TicketRow>> = {
  set_status: (tx, t, v, now) => {
    if (v === t.status) return {};
    if (!listHas(tx, "status", v)) throw badRequest("Invalid status");
    // a rule is not a person answering: the status moves the waiting clock, never the first response
    return { ...statusFields(t, v, now), ...resumeFields(tx, t, v, now) };
  },
  set_priority: (tx, t, v) => {
    if (v === t.priority) return {};
    if (!listHas(tx, "priority", v)) throw badRequest("Invalid priority");
    return { priority: v, ...clockFields(getServiceLevels(tx), v, t.createdAt) };
  },
  set_department: (_tx, _t, v) => ({ department: v }),
  set_type: (_tx, _t, v) => ({ ticketType: v }),
  set_assignee: (tx, _t, v, now) => {
    const id = v === "" ? null : userId(v);
    assertAssignable(tx, id);
    return { assignedTo: id === null ? null : String(availableAssignee(tx, id, now)) };
  },
};

/** The assignee a pool action picks among the department's active agents (the ticket's own when empty). */
const POOLS: Record<string, (tx: Tx, rule: Rule, department: string, now: Date) => number> = {
  assign_round_robin: (tx, rule, d, now) => nextInTurn(tx, rule.id ?? 0, d, now),
  assign_least_loaded: (tx, _rule, d, now) => leastLoaded(tx, d, now),
};

/** Actions that write beside the ticket's columns; each returns the ticket as it now stands. */
const SIDE: Record<
  string,
  (tx: Tx, t: TicketRow, a: Action, rule: Rule, env: ActionEnv, now: Date) => TicketRow
> = {
  send_email: (tx, t, a, _rule, env, now) => {
    queueRuleMail(tx, env.mail, t, a, now);
    return t;
  },
  call_webhook: (tx, t, a, rule, _env, now) => {
    queueRuleWebhook(tx, t, a.value, rule.name, now);
    return t;
  },
  add_tags: (tx, t, a, _rule, _env, now) => {
    const add = a.value
      .split(",")
      .map((n) => n.trim())
      .filter(Boolean);
    if (add.length === 0) throw badRequest("No tags to add");
    return changeTicketTags(tx, { actor: SYSTEM_ACTOR, ticket: t, add, now });
  },
  set_field: (tx, t, a, _rule, _env, now) => {
    setCustomValue(tx, t.id, a.target ?? "", a.value);
    return updateTicket(tx, t, { updatedAt: now }, now);
  },
};

/**
 * The ticket as one write's rules leave it: the row as stored plus the columns they set, written in one
 * update when something must read the row (or at the end) rather than once per action; and the notes
 * they add, written after it.
 */
export type Pending = { stored: TicketRow; set: Partial<TicketRow>; notes: RuleNote[] };
export const currentOf = (p: Pending): TicketRow => ({ ...p.stored, ...p.set });

/** Writes the columns set so far and returns the row as it now stands. */
export function flushPending(tx: Tx, p: Pending, now: Date): TicketRow {
  p.stored = updateTicket(tx, p.stored, p.set, now);
  p.set = {};
  return p.stored;
}

// These read the ticket's row (tags, custom values, an agent's load), so the settings before them are
// written first.
const READS_ROW = new Set(["add_tags", "set_field", "assign_round_robin", "assign_least_loaded"]);
const KEPT_ONLY = new Set(["set_status", "set_priority", "set_department", "set_type", "add_note", "stop"]);

/** Whether a rule writes anything beside what the session keeps, so a failure must undo writes. */
export const writesBeside = (rule: Rule) => rule.actions.some((a) => !KEPT_ONLY.has(a.type));

/** Applies a rule's actions in order inside the caller's transaction; stops at `stop`. */
export function applyActions(tx: Tx, p: Pending, rule: Rule, now: Date, env: ActionEnv = {}): Applied {
  const changes: Changes = {};
  for (const a of rule.actions as Action[]) {
    if (a.type === "stop") return { ticket: currentOf(p), changes, stop: true };
    if (a.type === "add_note") {
      if (!a.value.trim()) throw badRequest("The note is empty");
      const userName = `Automation: ${rule.name}`.slice(0, 255);
      p.notes.push({ ticketId: p.stored.id, note: a.value.trim(), userName });
      continue;
    }
    if (READS_ROW.has(a.type)) flushPending(tx, p, now);
    const side = SIDE[a.type];
    if (side) {
      const t = side(tx, currentOf(p), a, rule, env, now);
      if (READS_ROW.has(a.type)) p.stored = t;
      continue;
    }
    const t = currentOf(p);
    const pool = POOLS[a.type];
    const set = pool
      ? SETTERS.set_assignee!(tx, t, String(pool(tx, rule, a.value || t.department, now)), now)
      : SETTERS[a.type]!(tx, t, a.value, now);
    Object.assign(p.set, set);
    const after = currentOf(p);
    if (a.type === "set_assignee") onAssigned(tx, t, after, { actorId: null, now });
    for (const k of CHANGE_FIELDS) if (after[k] !== t[k]) changes[k] = [changes[k]?.[0] ?? t[k], after[k]];
  }
  return { ticket: currentOf(p), changes, stop: false };
}

/** How an action reads in the runs list and the dry run. */
export const describeAction = (a: Action) =>
  a.type === "stop" ? "stop" : `${a.type}: ${a.target ? `${a.target} ` : ""}${a.value}`.trim();
