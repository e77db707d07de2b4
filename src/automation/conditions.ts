import type { TicketRow } from "../../db/schema";
import type { AutomationRuleInput } from "../shared/schemas/automation";
import type { CONDITION_FIELDS } from "../shared/schemas/automation";

/** What a condition reads: the ticket as it stands, and whether the desk is open at the moment judged. */
export type Subject = { ticket: TicketRow; inBusinessHours: () => boolean };

type Field = (typeof CONDITION_FIELDS)[number];
const domainOf = (email: string) => email.slice(email.lastIndexOf("@") + 1);

/** One row per testable field: how its value is read. Other ticket fields are added as rows here. */
const FIELD_VALUES: Record<Field, (s: Subject) => string> = {
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
};

type Condition = AutomationRuleInput["conditions"][number];

/** Comparisons ignore letter case: people type "supplies" for "Supplies" and "ACME.com" for "acme.com". */
export function conditionHolds(c: Condition, s: Subject): boolean {
  const actual = FIELD_VALUES[c.field](s).toLowerCase();
  const wanted = c.value.toLowerCase();
  if (c.op === "contains") return actual.includes(wanted);
  return c.op === "is" ? actual === wanted : actual !== wanted;
}

/** No conditions match every ticket; `any` needs one to hold, `all` every one. */
export function conditionsHold(rule: Pick<AutomationRuleInput, "match" | "conditions">, s: Subject): boolean {
  if (rule.conditions.length === 0) return true;
  return rule.match === "any"
    ? rule.conditions.some((c) => conditionHolds(c, s))
    : rule.conditions.every((c) => conditionHolds(c, s));
}
