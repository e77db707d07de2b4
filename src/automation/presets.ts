import type { AutomationRuleInput } from "../shared/schemas/automation";

export type PresetOptions = { status: string; days: number; address: string; department: string };
export type Preset = { key: string; name: string; rules: AutomationRuleInput[] };

const inStatus = (status: string) => [{ field: "status" as const, op: "is" as const, value: status }];
const time = (since: "status" | "resolution_due", amount: number, unit: "hours" | "days") => ({
  kind: "time" as const,
  since,
  amount,
  unit,
  clock: "business" as const,
});

/**
 * Rules to start from, filled with the admin's choices and saved as ordinary rules they can edit:
 * auto-close with a reminder two business days before, escalation before an urgent breach, round robin.
 */
export function presets(o: PresetOptions): Preset[] {
  const remindAt = Math.max(1, o.days - 2);
  return [
    {
      key: "auto-close",
      name: `Close after ${o.days} business days in ${o.status}`,
      rules: [
        {
          name: `Remind after ${remindAt} business days in ${o.status}`,
          active: true,
          trigger: time("status", remindAt, "days"),
          match: "all",
          conditions: inStatus(o.status),
          actions: [
            {
              type: "send_email",
              target: "requester",
              subject: "[{{ticketId}}] We are waiting for your answer",
              value: `We are still waiting for your answer on ticket {{ticketId}}. Without one, it will be closed in ${o.days - remindAt} business days.`,
            },
          ],
        },
        {
          name: `Close after ${o.days} business days in ${o.status}`,
          active: true,
          trigger: time("status", o.days, "days"),
          match: "all",
          conditions: inStatus(o.status),
          actions: [
            { type: "add_note", value: `Closed after ${o.days} business days without an answer.` },
            { type: "set_status", value: "completed" },
          ],
        },
      ],
    },
    {
      key: "escalate-urgent",
      name: "Escalate urgent tickets 30 minutes before breaching",
      rules: [
        {
          name: "Escalate urgent tickets 30 minutes before breaching",
          active: true,
          trigger: time("resolution_due", -0.5, "hours"),
          match: "all",
          conditions: [{ field: "priority", op: "is", value: "urgent" }],
          actions: [
            {
              type: "send_email",
              target: o.address || "assignee",
              subject: "[{{ticketId}}] Urgent ticket close to breaching",
              value: "Urgent ticket {{ticketId}} ({{department}}) is due to be resolved within 30 minutes.",
            },
          ],
        },
      ],
    },
    {
      key: "round-robin",
      name: `Round robin in ${o.department}`,
      rules: [
        {
          name: `Round robin in ${o.department}`,
          active: true,
          trigger: { kind: "created" },
          match: "all",
          conditions: [
            { field: "department", op: "is", value: o.department },
            { field: "assignedTo", op: "is", value: "" },
          ],
          actions: [{ type: "assign_round_robin", value: o.department }],
        },
      ],
    },
  ];
}
