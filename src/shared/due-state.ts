/** Service-level state of a ticket, derived from its stored instants (server and browser alike). */
export type DueState = "on_track" | "due_soon" | "breached" | "met" | "missed";

type DueFields = {
  status: string;
  firstResponseDueAt: string | null;
  firstResponseSoonAt: string | null;
  firstRespondedAt: string | null;
  resolutionDueAt: string | null;
  resolutionSoonAt: string | null;
  completedAt: string | null;
};

/** Statuses whose resolution clock still runs; any other status has stopped it. */
export const RUNNING_STATUSES = ["open", "in_progress"] as const;
const ms = (iso: string | null) => (iso ? Date.parse(iso) : null);

function running(due: number, soon: number | null, now: number): DueState {
  if (now > due) return "breached";
  return soon !== null && now >= soon ? "due_soon" : "on_track";
}

function firstResponseState(t: DueFields, now: number): DueState | null {
  const due = ms(t.firstResponseDueAt);
  if (due === null) return null;
  const done = ms(t.firstRespondedAt);
  if (done !== null) return done <= due ? "met" : "missed";
  return running(due, ms(t.firstResponseSoonAt), now);
}

function resolutionState(t: DueFields, now: number): DueState | null {
  const due = ms(t.resolutionDueAt);
  if (due === null) return null;
  if (!(RUNNING_STATUSES as readonly string[]).includes(t.status)) {
    const done = ms(t.completedAt);
    return done !== null && done <= due ? "met" : "missed";
  }
  return running(due, ms(t.resolutionSoonAt), now);
}

/** The state a badge shows: the worse running clock, else the resolution outcome. */
export function ticketDueState(t: DueFields, now: number): { state: DueState; dueAt: string } | null {
  const first = firstResponseState(t, now);
  const resolution = resolutionState(t, now);
  const rank: Record<DueState, number> = { breached: 4, due_soon: 3, on_track: 2, missed: 1, met: 0 };
  const pick =
    first && (first === "breached" || first === "due_soon") && rank[first] >= rank[resolution ?? "met"]
      ? { state: first, dueAt: t.firstResponseDueAt }
      : resolution
        ? { state: resolution, dueAt: t.resolutionDueAt }
        : null;
  return pick?.dueAt ? { state: pick.state, dueAt: pick.dueAt } : null;
}
