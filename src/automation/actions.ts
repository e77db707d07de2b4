import type { Tx } from "../../db/client";
import type { TicketRow } from "../../db/schema";
import { insertNote, listHas, updateTicket } from "./statements";
import { CHANGE_FIELDS, type AutomationRuleInput } from "../shared/schemas/automation";
import { badRequest } from "../errors/domain-error";
import { assertAssignable, statusFields } from "../tickets/tickets.admin.service";
import { clockFields, getServiceLevels } from "../service-levels/sla-settings";
import { availableAssignee } from "../notifications/preferences";
import { onAssigned } from "../notifications/triggers";

type Action = AutomationRuleInput["actions"][number];
/** Field name → [before, after], the same shape the write verbs hand the engine. */
export type Changes = Record<string, [unknown, unknown]>;
export type Applied = { ticket: TicketRow; changes: Changes; stop: boolean };

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
    return statusFields(t, v, now);
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

function addInternalNote(tx: Tx, t: TicketRow, note: string, ruleName: string, now: Date) {
  if (!note.trim()) throw badRequest("The note is empty");
  insertNote(tx, t.id, note.trim(), `Automation: ${ruleName}`.slice(0, 255), now);
}

/** Applies a rule's actions in order inside the caller's transaction; stops at `stop`. */
export function applyActions(
  tx: Tx,
  ticket: TicketRow,
  rule: Pick<AutomationRuleInput, "name" | "actions">,
  now: Date,
): Applied {
  let t = ticket;
  const changes: Changes = {};
  for (const a of rule.actions as Action[]) {
    if (a.type === "stop") return { ticket: t, changes, stop: true };
    if (a.type === "add_note") {
      addInternalNote(tx, t, a.value, rule.name, now);
      continue;
    }
    const set = SETTERS[a.type]!(tx, t, a.value, now);
    const after = updateTicket(tx, t, set, now);
    if (a.type === "set_assignee") onAssigned(tx, t, after, { actorId: null, now });
    for (const k of CHANGE_FIELDS) if (after[k] !== t[k]) changes[k] = [changes[k]?.[0] ?? t[k], after[k]];
    t = after;
  }
  return { ticket: t, changes, stop: false };
}

/** How an action reads in the runs list and the dry run. */
export const describeAction = (a: Action) => (a.type === "stop" ? "stop" : `${a.type}: ${a.value}`);
