import { groupBy } from "./percentiles";
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

function attainment(facts: TicketFact[], c: Clock, now: number): Attainment {
  let met = 0;
  let missed = 0;
  for (const f of facts) {
    const o = outcome(f, c, now);
    if (o === "met") met++;
    else if (o === "missed") missed++;
  }
  return { met, missed, percent: met + missed ? (100 * met) / (met + missed) : null };
}

const row = (key: string, facts: TicketFact[], now: number): AttainmentRow => ({
  key,
  firstResponse: attainment(facts, "firstResponse", now),
  resolution: attainment(facts, "resolution", now),
});

const rowsBy = (facts: TicketFact[], key: (f: TicketFact) => string, now: number) =>
  [...groupBy(facts, key)].map(([k, list]) => row(k, list, now)).sort((a, b) => a.key.localeCompare(b.key));

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/** Every missed clock, newest ticket first (first response before resolution); only the listed ones are shaped. */
function breaches(facts: TicketFact[], now: number): { list: Breach[]; count: number } {
  const missed: [TicketFact, Clock][] = [];
  for (const f of facts)
    for (const clock of ["firstResponse", "resolution"] as const)
      if (outcome(f, clock, now) === "missed") missed.push([f, clock]);
  missed.sort(([a, x], [b, y]) => b.id - a.id || (x === y ? 0 : x === "firstResponse" ? -1 : 1));
  const list = missed.slice(0, BREACH_LIST_LIMIT).map(([f, clock]): Breach => {
    const { due, stop } = clockOf(f, clock);
    const { id, ticketId, priority, department, agent } = f;
    return { id, ticketId, clock, priority, department, agent, dueAt: iso(due)!, stoppedAt: iso(stop) };
  });
  return { list, count: missed.length };
}

/** Service-level attainment of the range's tickets by priority and department, and the breaches. */
export function attainmentReport({ facts }: ReportBase, now: Date): AttainmentReport {
  const at = now.getTime();
  const missed = breaches(facts, at);
  return {
    overall: row("all", facts, at),
    byPriority: rowsBy(facts, (f) => f.priority, at),
    byDepartment: rowsBy(facts, (f) => f.department, at),
    breaches: missed.list,
    breachCount: missed.count,
  };
}
