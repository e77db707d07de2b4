import { groupBy } from "./percentiles";
import type { ReportBase } from "./report-facts";

const TOP_LIMIT = 10;

export type TopReport = {
  companies: { company: string; tickets: number }[];
  requesters: { email: string; name: string; tickets: number }[];
};

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
