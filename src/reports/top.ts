import type { ReportBase, TicketFact } from "./report-facts";
import type { TopReport } from "../shared/report-shapes";

const TOP_LIMIT = 10;
/** The same order as localeCompare, without its per-call set-up. */
const byText = new Intl.Collator().compare;

/** Tickets per key, with the last fact seen for each. */
function tally(facts: TicketFact[], key: (f: TicketFact) => string) {
  const out = new Map<string, { n: number; last: TicketFact }>();
  for (const f of facts) {
    const k = key(f);
    const seen = out.get(k);
    if (seen) [seen.n, seen.last] = [seen.n + 1, f];
    else out.set(k, { n: 1, last: f });
  }
  return out;
}

/** The keys with the most tickets, ties by name: only those reaching the tenth count are sorted. */
function top(counts: Map<string, { n: number; last: TicketFact }>) {
  const ns = Int32Array.from(counts.values(), (c) => c.n).sort();
  const floor = ns[Math.max(0, ns.length - TOP_LIMIT)] ?? 0;
  return [...counts]
    .filter(([, c]) => c.n >= floor)
    .sort(([a, x], [b, y]) => y.n - x.n || byText(a, b))
    .slice(0, TOP_LIMIT);
}

/** The companies and requesters with the most tickets in the range (ties by name). */
export function topReport({ facts }: ReportBase): TopReport {
  return {
    companies: top(tally(facts, (f) => f.company)).map(([company, c]) => ({ company, tickets: c.n })),
    requesters: top(tally(facts, (f) => f.email)).map(([email, c]) => ({
      email,
      name: c.last.name,
      tickets: c.n,
    })),
  };
}
