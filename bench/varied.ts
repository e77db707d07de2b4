/**
 * `npm run bench -- --only varied --reuse DIR [--connections 1,8] [--seconds 20] [--submit-rate 10] [--against CHECKOUT]`: staff
 * searches never repeated within a run, so no cache answers them, one all-seeing staff user per connection,
 * while submissions arrive at a steady rate. Prints p50/p90/p99 per connection count.
 */
import { mkdtempSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { DEFAULT_DEPARTMENTS, DEFAULT_TYPES } from "../src/shared/constants";
import { FIRST, LAST, rng, seedBench, TOPICS } from "./seed";
import { signInCookie, startServerAt } from "./server";

const { values: opt } = parseArgs({
  args: Bun.argv.slice(2),
  strict: false,
  options: {
    reuse: { type: "string" },
    tickets: { type: "string", default: "100000" },
    connections: { type: "string", default: "1,8" },
    seconds: { type: "string", default: "20" },
    "submit-rate": { type: "string", default: "10" },
    seed: { type: "string", default: "1" },
    against: { type: "string" },
  },
});

const WORDS = [
  ...new Set(
    TOPICS.flatMap((t) => t.toLowerCase().split(/\s+/)).filter(
      (w) => w.length >= 3 && !/^(the|for|and)$/.test(w),
    ),
  ),
];
const NAMES = [...FIRST, ...LAST];
const STATUSES = ["open", "in_progress", "completed", "burnt"];
const PRIORITIES = ["low", "medium", "high", "urgent"];

/** Query strings of the staff list, each a search of one or two words plus random filters, none alike. */
function variedQueries(count: number, seed: number, now = new Date()): string[] {
  const r = rng(seed);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(r() * xs.length)]!;
  const seen = new Set<string>();
  for (let tries = 0; seen.size < count && tries < count * 50; tries++) {
    const terms = [r() < 0.8 ? pick(WORDS) : pick(NAMES)];
    if (r() < 0.5) terms.push(r() < 0.8 ? pick(WORDS) : pick(NAMES));
    const q = new URLSearchParams({ search: [...new Set(terms)].join(" ") });
    if (r() < 0.5) q.set("status", pick(STATUSES));
    if (r() < 0.5) q.set("department", pick(DEFAULT_DEPARTMENTS));
    if (r() < 0.4) q.set("priority", pick(PRIORITIES));
    if (r() < 0.4) q.set("ticketType", pick(DEFAULT_TYPES.map((t) => t.name)));
    if (r() < 0.25) {
      const monthsBack = Math.floor(r() * 36);
      const start = new Date(now.getFullYear(), now.getMonth() - monthsBack, 1);
      const end = new Date(now.getFullYear(), now.getMonth() - monthsBack + 1, 1);
      q.set("startDate", start.toISOString());
      q.set("endDate", end.toISOString());
    }
    seen.add(q.toString());
  }
  return [...seen];
}

const pct = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : NaN;

const seconds = Number(opt.seconds);
const conns = String(opt.connections).split(",").map(Number);
const dataDir = (opt.reuse as string | undefined) ?? mkdtempSync(join(tmpdir(), "helpdesk-bench-varied-"));
if (!opt.reuse) await seedBench(dataDir, Number(opt.tickets));
// --against CHECKOUT: the same queries against another checkout's server, one after the other
const checkouts = [{ label: "this checkout", cwd: undefined as string | undefined }];
if (opt.against) checkouts.push({ label: `against ${opt.against}`, cwd: opt.against as string });
for (const { label, cwd } of checkouts) await measure(label, cwd);

async function measure(label: string, cwd?: string) {
  const env = { RATE_LIMIT_PUBLIC_WRITES: "1000000000", RATE_LIMIT_WINDOW_SECONDS: "1" };
  const server = await startServerAt(dataDir, { env, cwd, timeoutMs: 600_000 });
  const admin = await signInCookie(server.url);
  const json = { "Content-Type": "application/json", Origin: server.url };
  const cookies: string[] = [];
  for (let i = 0; i < Math.max(...conns); i++) {
    const user = { email: `varied${i}@example.com`, password: "varied-password" };
    await fetch(`${server.url}/api/admin/users`, {
      method: "POST",
      headers: { ...json, Cookie: admin },
      body: JSON.stringify({ ...user, firstName: "Agent", lastName: `V${i}`, canViewAllTickets: true }),
    });
    cookies.push(await signInCookie(server.url, user));
  }
  const queries = variedQueries(conns.reduce((a, c) => a + c, 0) * seconds * 400, Number(opt.seed));
  let next = 0;
  console.log(
    `${label}: varied staff searches on ${dataDir}: ${queries.length} distinct queries, load ${loadavg()[0]!.toFixed(1)}`,
  );
  for (const c of conns) {
    const latencies: number[] = [];
    const statuses = new Map<number, number>();
    const until = performance.now() + seconds * 1000;
    let submitted = 0;
    const submitter = (async () => {
      const every = 1000 / Number(opt["submit-rate"]);
      for (let at = performance.now(); performance.now() < until; at += every) {
        await Bun.sleep(Math.max(0, at - performance.now()));
        const body = {
          firstName: "Bench",
          lastName: "Caller",
          email: "bench.caller@example.com",
          phone: "555-123-4567",
          companyId: 1,
          department: "IT",
          ticketType: "IT",
          priority: "medium",
          description: `Request ${submitted}: the dock shows error 42 after the update.`,
        };
        void fetch(`${server.url}/api/tickets`, {
          method: "POST",
          headers: json,
          body: JSON.stringify(body),
        });
        submitted++;
      }
    })();
    const agent = async (cookie: string) => {
      while (performance.now() < until && next < queries.length) {
        const q = queries[next++]!;
        const t = performance.now();
        const res = await fetch(`${server.url}/api/admin/tickets?${q}`, { headers: { Cookie: cookie } });
        await res.arrayBuffer();
        latencies.push(performance.now() - t);
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
      }
    };
    await Promise.all([submitter, ...cookies.slice(0, c).map(agent)]);
    latencies.sort((a, b) => a - b);
    const line = [
      `${c} connection(s)`,
      `${(latencies.length / seconds).toFixed(0)} req/s`,
      `p50 ${pct(latencies, 50).toFixed(1)} ms`,
      `p90 ${pct(latencies, 90).toFixed(1)} ms`,
      `p99 ${pct(latencies, 99).toFixed(1)} ms`,
      `max ${latencies.at(-1)?.toFixed(0)} ms`,
      `statuses ${JSON.stringify(Object.fromEntries(statuses))}`,
      `submitted ${submitted}`,
      `peak RSS ${server.peakRssMb().toFixed(0)} MB`,
    ];
    console.log(line.join(" · "));
  }
  console.log(`load average at end ${loadavg()[0]!.toFixed(1)}`);
  await server.stop();
}
