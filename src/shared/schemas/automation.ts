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
  "tags",
  "channel",
] as const;
/** A custom field is tested as `cf.<key>`. */
const CUSTOM_FIELD = /^cf\.[a-z0-9_]{1,40}$/;
export type ConditionField = (typeof CONDITION_FIELDS)[number] | `cf.${string}`;
export const CONDITION_OPS = ["is", "is_not", "contains"] as const;
export const TRIGGER_KINDS = ["created", "changed", "requester_replied", "time"] as const;
/** What a time rule counts from: entering the current status, the last reply of either side, or a due time. */
export const TIME_ANCHORS = [
  "status",
  "created",
  "requester_reply",
  "staff_reply",
  "first_response_due",
  "resolution_due",
] as const;
/** Fields a `changed` trigger can name. */
export const CHANGE_FIELDS = ["status", "priority", "department", "ticketType", "assignedTo"] as const;
export const ACTION_TYPES = [
  "set_status",
  "set_priority",
  "set_department",
  "set_type",
  "set_assignee",
  "add_note",
  "send_email",
  "call_webhook",
  "assign_round_robin",
  "assign_least_loaded",
  "add_tags",
  "set_field",
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
  trigger: z
    .object({
      kind: z.enum(TRIGGER_KINDS, { error: "Unknown trigger" }),
      field: z.enum(CHANGE_FIELDS, { error: "Unknown field" }).optional(),
      from: text("From", 200).optional(),
      to: text("To", 200).optional(),
      since: z.enum(TIME_ANCHORS, { error: "Unknown time" }).optional(),
      /** Hours after the anchor; negative before it (a due time). Business days count whole opening days. */
      amount: z.number().min(-10_000).max(100_000).optional(),
      unit: z.enum(["hours", "days"]).default("hours").optional(),
      clock: z.enum(["business", "calendar"]).default("business").optional(),
    })
    .refine((t) => t.kind !== "time" || (t.since !== undefined && t.amount !== undefined), {
      message: "A time rule needs what it counts from and how long",
    }),
  match: z.enum(["all", "any"]).default("all"),
  conditions: z
    .array(
      z.object({
        field: z.union([z.enum(CONDITION_FIELDS), z.string().regex(CUSTOM_FIELD)], {
          error: "Unknown field",
        }) as z.ZodType<ConditionField>,
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
        /** `send_email`: requester, assignee or an address; `set_field`: the custom field's key. */
        target: text("Target", 200).optional(),
        /** `send_email`: the subject line. */
        subject: text("Subject", 200).check(oneLine("Subject")).optional(),
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

/** The choices a preset is filled with; each has a default, so one click gives a working rule. */
export const presetQuerySchema = z.object({
  status: text("Status", 60).default("in_progress"),
  days: z.coerce.number().int().min(3, "At least 3 days").max(365).default(5),
  address: text("Address", 200).default(""),
  department: text("Department", 60).default("IT"),
});

/** The rules in a new order: every rule's id, once. */
export const ruleOrderSchema = z.object({ ids: z.array(z.number().int().positive()).max(500) });
