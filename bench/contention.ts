/** The public portal's latency alone, then while 8 staff run broad searches back to back. */
import { measure, median, settle, type Generator, type Measured, type Scenario } from "./load";

const SEARCHERS = 8;
const BROAD_SEARCH = "/api/admin/tickets?limit=100&search=printer";
const PORTAL: Scenario = { name: "GET / (HTML)", path: "/" };

export type Contention = {
  aloneP99: number;
  duringP99: number;
  duringRps: number;
  /** The searches meanwhile: answered per second, and how many were not 200 (422 too broad, 429 busy). */
  searchRps: number;
  searchRefused: number;
};

/** One round: the portal at `connections` alone, then again while SEARCHERS connections search. */
async function round(
  url: string,
  cookie: string,
  opts: { connections: number; seconds: number; rss: () => number; generator: Generator },
) {
  const { connections, seconds, rss, generator } = opts;
  const alone = await measure(url, PORTAL, connections, seconds, rss, generator);
  await settle(url);
  const search: Scenario = { name: "broad search", path: BROAD_SEARCH, headers: { Cookie: cookie } };
  // the searchers start first and stop after the portal's run, so it is measured under them throughout
  const searching = measure(url, search, SEARCHERS, seconds + 2, rss, generator);
  await Bun.sleep(500);
  const during = await measure(url, PORTAL, connections, seconds, rss, generator);
  const s: Measured = await searching;
  await settle(url);
  return { alone, during, search: s };
}

export async function searchersVsPortal(
  url: string,
  cookie: string,
  opts: { runs: number; connections: number; seconds: number; rss: () => number; generator: Generator },
): Promise<Contention> {
  const rounds = [];
  for (let i = 0; i < opts.runs; i++) {
    const r = await round(url, cookie, opts);
    process.stdout.write(
      `  run ${i + 1}/${opts.runs} portal p99 alone ${r.alone.p99} ms, with ${SEARCHERS} searchers ${r.during.p99} ms (searches ${Math.round(r.search.reqPerSec)}/s, ${r.search.errors} not 200)\n`,
    );
    rounds.push(r);
  }
  return {
    aloneP99: median(rounds.map((r) => r.alone.p99)),
    duringP99: median(rounds.map((r) => r.during.p99)),
    duringRps: median(rounds.map((r) => r.during.reqPerSec)),
    searchRps: median(rounds.map((r) => r.search.reqPerSec)),
    searchRefused: rounds.reduce((n, r) => n + r.search.errors, 0),
  };
}

/** "Must not move": the portal's p99 alone plus the larger of a relative and an absolute allowance. */
export function contentionVerdict(c: Contention): [boolean, string] {
  const allowed = Math.max(c.aloneP99 * 1.25, c.aloneP99 + 5);
  return [
    c.duringP99 <= allowed,
    `portal GET / p99 with ${SEARCHERS} broad searchers ${c.duringP99.toFixed(1)} ms vs ${c.aloneP99.toFixed(1)} ms alone (target ≤ ${allowed.toFixed(1)} ms: unmoved within 25 % or 5 ms; searches ${Math.round(c.searchRps)}/s, ${c.searchRefused} not 200)`,
  ];
}
