import type { AutomationRuleInput } from "../src/shared/schemas/automation";

const fields = ["department", "companyName", "emailDomain", "description", "location"] as const;

/** Rule i of the bench's 50: the first 10 match every submission (type IT), the rest match none. */
export const benchRule = (i: number): AutomationRuleInput => ({
  name: `rule ${i}`,
  active: true,
  trigger: { kind: "created" },
  match: i % 2 ? "any" : "all",
  conditions:
    i < 10
      ? [{ field: "ticketType", op: "is", value: "IT" }]
      : [
          { field: fields[i % fields.length]!, op: i % 3 ? "contains" : "is", value: `nothing-${i}` },
          { field: "priority", op: "is", value: "urgent" },
        ],
  actions: [
    { type: i < 10 && i % 2 ? "add_note" : "set_priority", value: i % 2 ? `rule ${i} saw it` : "high" },
  ],
});
