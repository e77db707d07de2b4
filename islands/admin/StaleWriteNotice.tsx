import { formatDistanceToNowStrict } from "date-fns";
import { Button } from "../../src/ui/Button";
import type { StaleWrite, TicketChange } from "../lib/queries/tickets";

export type Conflict = StaleWrite & { change: TicketChange };

/** A change refused because someone else changed the ticket first: who, when, and a way to apply it again. */
export function StaleWriteNotice({
  conflict,
  onApply,
}: {
  conflict: Pick<Conflict, "changedBy">;
  onApply: () => void;
}) {
  const who = conflict.changedBy;
  const ago = who ? formatDistanceToNowStrict(new Date(who.at), { addSuffix: true }) : null;
  return (
    <div
      role="alert"
      className="flex flex-wrap items-center gap-3 rounded-md bg-amber-50 p-3 text-sm text-amber-900"
    >
      <span>
        {who ? `Changed by ${who.name} ${ago}` : "Changed by someone else"} — your change was not saved. The
        current values are shown.
      </span>
      <Button variant="outline" onClick={onApply}>
        Apply my change again
      </Button>
    </div>
  );
}
