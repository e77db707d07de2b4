import { groupBy } from "./percentiles";
import type { ReportBase } from "./report-facts";
import type { TopReport } from "../shared/report-shapes";

const TOP_LIMIT = 10;

/** The companies and requesters with the most tickets in the range (ties by name). */
export function topReport({ facts }: ReportBase): TopReport {
  const companies = [...groupBy(facts, (f) => f.company)]
    .map(([company, list]) => ({ company, tickets: list.length }))
    .sort((a, b) => b.tickets - a.tickets || a.company.localeCompare(b.company))
    .slice(0, TOP_LIMIT);
  const requesters = [...groupBy(facts, (f) => f.email)]
    .map(([email, list]) => ({ email, name: list[list.length - 1]!.name, tickets: list.length }))
    .sort((a, b) => b.tickets - a.tickets || a.email.localeCompare(b.email))
    .slice(0, TOP_LIMIT);
  return { companies, requesters };
}
