import { groupBy, summarise } from "./percentiles";
import type { TimeRow, TimesReport } from "../shared/report-shapes";
import type { ReportBase, TicketFact } from "./report-facts";

type Duration = NonNullable<TicketFact["firstResponse"]>;

function row(key: string, facts: TicketFact[]): TimeRow {
  const first: Duration[] = [];
  const resolved: Duration[] = [];
  for (const f of facts) {
    if (f.firstResponse) first.push(f.firstResponse);
    if (f.resolution) resolved.push(f.resolution);
  }
  return { key, firstResponse: summarise(first), resolution: summarise(resolved) };
}

const rowsBy = (facts: TicketFact[], key: (f: TicketFact) => string) =>
  [...groupBy(facts, key)].map(([k, list]) => row(k, list)).sort((a, b) => a.key.localeCompare(b.key));

/** First response and resolution times of the range's tickets: median and 90th percentile per dimension. */
export function timesReport({ facts }: ReportBase): TimesReport {
  return {
    overall: row("all", facts),
    byPriority: rowsBy(facts, (f) => f.priority),
    byType: rowsBy(facts, (f) => f.type),
    byDepartment: rowsBy(facts, (f) => f.department),
    byAgent: rowsBy(facts, (f) => f.agent ?? "none"),
  };
}
