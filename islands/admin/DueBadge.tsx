import { Badge } from "../../src/ui/Badge";
import type { TicketDto } from "../../src/shared/dto";
import { ticketDueState } from "../../src/shared/due-state";
import { useI18n } from "../../src/i18n/react";
import type { StaffKey } from "../../src/i18n/staff/en";
import { useMoments } from "./moments";

const LOOK: Record<string, { color: string; text: StaffKey }> = {
  breached: { color: "red", text: "due.breached" },
  due_soon: { color: "orange", text: "due.in" },
  on_track: { color: "green", text: "due.in" },
  met: { color: "gray", text: "due.met" },
  missed: { color: "gray", text: "due.missed" },
};

/** The ticket's service-level state as colour and words, e.g. "Due in 35 minutes" or "Breached 2 hours". */
export function DueBadge({ ticket, now = Date.now() }: { ticket: TicketDto; now?: number }) {
  const { t, dateTime } = useI18n();
  const { span } = useMoments();
  const due = ticketDueState(ticket, now);
  if (!due) return null;
  const look = LOOK[due.state]!;
  const text = t(look.text, { span: span(new Date(due.dueAt), new Date(now)) });
  return (
    <Badge color={look.color} title={t("due.title", { when: dateTime(due.dueAt) })} data-due={due.state}>
      {text}
    </Badge>
  );
}
