import { formatDistanceStrict } from "date-fns";
import { Badge } from "../../src/ui/Badge";
import type { TicketDto } from "../../src/shared/dto";
import { ticketDueState } from "../../src/shared/due-state";

const LOOK = {
  breached: { color: "red", text: (d: string) => `Breached ${d}` },
  due_soon: { color: "orange", text: (d: string) => `Due in ${d}` },
  on_track: { color: "green", text: (d: string) => `Due in ${d}` },
  met: { color: "gray", text: () => "Target met" },
  missed: { color: "gray", text: () => "Target missed" },
} as const;

/** The ticket's service-level state as colour and words, e.g. "Due in 35 minutes" or "Breached 2 hours". */
export function DueBadge({ ticket, now = Date.now() }: { ticket: TicketDto; now?: number }) {
  const due = ticketDueState(ticket, now);
  if (!due) return null;
  const look = LOOK[due.state];
  const text = look.text(formatDistanceStrict(new Date(due.dueAt), new Date(now)));
  return (
    <Badge color={look.color} title={`Due ${new Date(due.dueAt).toLocaleString()}`} data-due={due.state}>
      {text}
    </Badge>
  );
}
