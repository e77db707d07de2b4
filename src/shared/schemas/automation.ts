import { z } from "zod";
import { oneLine } from "./one-line";

/** Ticket fields a rule can test; a new field is one more name here and one row in the server's table. */
export const CONDITION_FIELDS = [
  "status",
  "priority",
  "department",
  "ticketType",
  "companyName",
  "assignedTo",
  "location",
  "firstName",
  "lastName",
  "email",
  "emailDomain",
  "description",
  "businessHoursNow",
] as const;
const CONDITION_OPS = ["is", "is_not", "contains"] as const;
const TRIGGER_KINDS = ["created", "changed", "requester_replied"] as const;
/** Fields a `changed` trigger can name. */
export const CHANGE_FIELDS = ["status", "priority", "department", "ticketType", "assignedTo"] as const;
const ACTION_TYPES = [
  "set_status",
  "set_priority",
  "set_department",
  "set_type",
  "set_assignee",
  "add_note",
  "stop",
] as const;

const text = (what: string, max = 200) =>
  z
    .string({ error: `${what} is required` })
    .trim()
    .max(max, `${what} is too long`);

export const automationRuleSchema = z.object({
  name: text("Name", 100).min(1, "Name is required").check(oneLine("Name")),
  active: z.boolean().default(true),
  trigger: z.object({
    kind: z.enum(TRIGGER_KINDS, { error: "Unknown trigger" }),
    field: z.enum(CHANGE_FIELDS, { error: "Unknown field" }).optional(),
    from: text("From", 200).optional(),
    to: text("To", 200).optional(),
  }),
  match: z.enum(["all", "any"]).default("all"),
  conditions: z
    .array(
      z.object({
        field: z.enum(CONDITION_FIELDS, { error: "Unknown field" }),
        op: z.enum(CONDITION_OPS, { error: "Unknown comparison" }),
        value: text("Value"),
      }),
    )
    .max(20, "At most 20 conditions"),
  actions: z
    .array(
      z.object({
        type: z.enum(ACTION_TYPES, { error: "Unknown action" }),
        value: text("Value", 2000).default(""),
      }),
    )
    .min(1, "Add at least one action")
    .max(10, "At most 10 actions"),
});
export type AutomationRuleInput = z.infer<typeof automationRuleSchema>;

/** A saved rule: its input plus the id and its place in the order rules run in. */
export type AutomationRuleDto = AutomationRuleInput & { id: number; position: number };

/** One firing of a rule, as its "last runs" list shows it. */
export type AutomationRunDto = {
  at: string;
  ticketId: string | null;
  actions: string[];
  error: string | null;
};

/** What a rule would have done to one of the recent tickets. */
export type DryRunDto = { checked: number; matches: { ticketId: string; actions: string[] }[] };
