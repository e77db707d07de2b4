import type { ReportBase, TicketFact } from "./report-facts";
import type { Attainment, AttainmentReport, AttainmentRow, Breach } from "../shared/report-shapes";

type Clock = Breach["clock"];

/** Breaches listed at most, newest ticket first; the count covers them all. */
const BREACH_LIST_LIMIT = 200;

const clockOf = (f: TicketFact, c: Clock) =>
  c === "firstResponse"
    ? { due: f.firstResponseDueAt, stop: f.firstRespondedAt }
    : { due: f.resolutionDueAt, stop: f.completedAt };

/** Met when stopped by its due time; missed when stopped later or still running past it; else not yet judged. */
function outcome(f: TicketFact, c: Clock, now: number): "met" | "missed" | null {
  const { due, stop } = clockOf(f, c);
  if (due === null) return null;
  if (stop !== null) return stop <= due ? "met" : "missed";
  return now > due ? "missed" : null;
}

type Outcome = ReturnType<typeof outcome>;
/** Met and missed clocks of a group: first response, then resolution. */
type Tally = { key: string; counts: [number, number, number, number] };

function add(t: Tally, first: Outcome, resolution: Outcome) {
  if (first) t.counts[first === "met" ? 0 : 1]++;
  if (resolution) t.counts[resolution === "met" ? 2 : 3]++;
}

const attainment = (met: number, missed: number): Attainment => ({
  met,
  missed,
  percent: met + missed ? (100 * met) / (met + missed) : null,
});
const row = ({ key, counts: [a, b, c, d] }: Tally): AttainmentRow => ({
  key,
  firstResponse: attainment(a, b),
  resolution: attainment(c, d),
});
const rows = (groups: Map<string, Tally>) =>
  [...groups.values()].map(row).sort((a, b) => a.key.localeCompare(b.key));

function groupOf(groups: Map<string, Tally>, key: string): Tally {
  const seen = groups.get(key);
  if (seen) return seen;
  const t: Tally = { key, counts: [0, 0, 0, 0] };
  groups.set(key, t);
  return t;
}

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/** The listed breaches, newest ticket first (first response before resolution); only these are shaped. */
function listed(missed: [TicketFact, Clock][]): Breach[] {
  missed.sort(([a, x], [b, y]) => b.id - a.id || (x === y ? 0 : x === "firstResponse" ? -1 : 1));
  return missed.slice(0, BREACH_LIST_LIMIT).map(([f, clock]): Breach => {
    const { due, stop } = clockOf(f, clock);
    const { id, ticketId, priority, department, agent } = f;
    return { id, ticketId, clock, priority, department, agent, dueAt: iso(due)!, stoppedAt: iso(stop) };
  });
}

/**
 * The last instant the report judged at `now` stays true: just before a running clock passes its due
 * time, since only running clocks are judged against the clock.
 */
export function attainmentUntil({ facts }: ReportBase, now: Date): number {
  const at = now.getTime();
  let until = Number.POSITIVE_INFINITY;
  for (const f of facts)
    for (const c of ["firstResponse", "resolution"] as const) {
      const { due, stop } = clockOf(f, c);
      if (due !== null && stop === null && due >= at) until = Math.min(until, due);
    }
  return until;
}

/** Service-level attainment of the range's tickets by priority and department, and the breaches. */
export function attainmentReport({ facts }: ReportBase, now: Date): AttainmentReport {
  const at = now.getTime();
  const overall: Tally = { key: "all", counts: [0, 0, 0, 0] };
  const [byPriority, byDepartment] = [new Map<string, Tally>(), new Map<string, Tally>()];
  const missed: [TicketFact, Clock][] = [];
  // one pass: each clock judged once, counted in its ticket's groups, kept when missed
  for (const f of facts) {
    const first = outcome(f, "firstResponse", at);
    const resolution = outcome(f, "resolution", at);
    for (const t of [overall, groupOf(byPriority, f.priority), groupOf(byDepartment, f.department)])
      add(t, first, resolution);
    if (first === "missed") missed.push([f, "firstResponse"]);
    if (resolution === "missed") missed.push([f, "resolution"]);
  }
  return {
    overall: row(overall),
    byPriority: rows(byPriority),
    byDepartment: rows(byDepartment),
    breaches: listed(missed),
    breachCount: missed.length,
  };
}
