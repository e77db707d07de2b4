import type { TicketRow } from "../../db/schema";
import type { AutomationRuleInput, CONDITION_FIELDS } from "../shared/schemas/automation";

/**
 * What a condition reads: the ticket as it stands, whether the desk is open at the moment judged, and
 * its custom field values as people read them (read only when a rule asks).
 */
export type Subject = {
  ticket: TicketRow;
  inBusinessHours: () => boolean;
  customValues?: () => Record<string, string[]>;
  /** Each field's values in lower case once read, shared by every rule judging this same ticket state. */
  lowered?: Map<string, string[]>;
};

type Field = (typeof CONDITION_FIELDS)[number];
const domainOf = (email: string) => email.slice(email.lastIndexOf("@") + 1);

/** One row per testable field: its values (several for tags and multi selects). */
const FIELD_VALUES: Record<Field, (s: Subject) => string | string[]> = {
  status: (s) => s.ticket.status,
  priority: (s) => s.ticket.priority,
  department: (s) => s.ticket.department,
  ticketType: (s) => s.ticket.ticketType,
  companyName: (s) => s.ticket.companyName,
  assignedTo: (s) => s.ticket.assignedTo ?? "",
  location: (s) => s.ticket.location ?? "",
  firstName: (s) => s.ticket.firstName,
  lastName: (s) => s.ticket.lastName,
  email: (s) => s.ticket.email,
  emailDomain: (s) => domainOf(s.ticket.email),
  description: (s) => s.ticket.description,
  businessHoursNow: (s) => (s.inBusinessHours() ? "yes" : "no"),
  tags: (s) => s.ticket.tags ?? [],
  channel: (s) => s.ticket.channel,
};

const valuesOf = (field: string, s: Subject): string[] => {
  if (field.startsWith("cf.")) return s.customValues?.()[field.slice(3)] ?? [];
  const v = FIELD_VALUES[field as Field](s);
  return Array.isArray(v) ? v : [v];
};

type Condition = AutomationRuleInput["conditions"][number];

function loweredOf(field: string, s: Subject): string[] {
  const kept = s.lowered?.get(field);
  if (kept) return kept;
  const values = valuesOf(field, s).map((v) => v.toLowerCase());
  if (values.length === 0) values.push("");
  s.lowered?.set(field, values);
  return values;
}

/**
 * Comparisons ignore letter case: people type "supplies" for "Supplies". A field of several values (tags)
 * `is` a value it holds, `is_not` one it lacks; an empty one is "" to `is`.
 */
export function conditionHolds(c: Condition, s: Subject): boolean {
  const values = loweredOf(c.field, s);
  const wanted = c.value.toLowerCase();
  if (c.op === "contains") return values.some((v) => v.includes(wanted));
  const has = values.includes(wanted);
  return c.op === "is" ? has : !has;
}

/** No conditions match every ticket; `any` needs one to hold, `all` every one. */
export function conditionsHold(rule: Pick<AutomationRuleInput, "match" | "conditions">, s: Subject): boolean {
  if (rule.conditions.length === 0) return true;
  return rule.match === "any"
    ? rule.conditions.some((c) => conditionHolds(c, s))
    : rule.conditions.every((c) => conditionHolds(c, s));
}
