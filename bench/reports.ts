/**
 * `npm run bench -- --only reports [--tickets 100000 | --reuse DIR] [--runs 20]`: every report for the
 * last year and the last month, all departments, as an admin, timed in-process: cold (a new read cache
 * per call, so the range is read) and kept (the page's other figures, answered from the cache). Then
 * the same over HTTP at `--connections` (kept, and after a write each time), and public submit with the
 * report triggers and without them, alternating (`--submitRuns` pairs of `--seconds`).
 */
import { mkdtempSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { openDatabase } from "../db/client";
import { runMigrations } from "../db/migrate";
import { ReadCache } from "../db/read-cache";
import { report } from "../src/reports/reports.queries";
import { reportQuerySchema, type ReportKind } from "../src/shared/schemas/reports";
import type { ScopeActor } from "../src/tickets/tickets.scope";
import { rebuildReportCounts } from "../src/reports/report-counts.rebuild";
import { generatorOf, measure } from "./load";
import { CALLER_TICKET, seedBench } from "./seed";
import { signInCookie, startServerAt } from "./server";

const { values: opt } = parseArgs({
  args: Bun.argv.slice(2),
  strict: false,
  options: {
    reuse: { type: "string" },
    tickets: { type: "string", default: "100000" },
    runs: { type: "string", default: "20" },
    seconds: { type: "string", default: "5" },
    connections: { type: "string", default: "16" },
    submitRuns: { type: "string", default: "3" },
    generator: { type: "string" },
  },
});
const dir = (opt.reuse as string | undefined) ?? mkdtempSync(join(tmpdir(), "bench-reports-"));
if (!opt.reuse) await seedBench(dir, Number(opt.tickets));
const { db, sqlite } = openDatabase(join(dir, "helpdesk.sqlite"));
runMigrations(db); // a folder seeded before the report counts gets them here
const runs = Number(opt.runs);

const admin: ScopeActor = {
  id: 1,
  role: "admin",
  canViewAllTickets: true,
  allowedDepartments: [],
  allowedCompanies: [],
};
const KINDS: ReportKind[] = ["volume", "times", "service-levels", "agents", "busiest", "top"];
const now = new Date();
const day = (d: Date) => d.toISOString().slice(0, 10);
const back = (days: number) => day(new Date(now.getTime() - days * 86_400_000));
const ranges = [
  ["year", { from: back(365), to: back(-1), bucket: "week" }],
  ["month", { from: back(30), to: back(-1), bucket: "day" }],
] as const;

function time(fn: () => unknown): number[] {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    fn();
    times.push(performance.now() - t0);
  }
  return times.sort((a, b) => a - b);
}
const at = (t: number[], p: number) => t[Math.min(t.length - 1, Math.floor(t.length * p))]!.toFixed(1);

const tickets = sqlite.query<{ n: number }, []>("SELECT count(*) AS n FROM tickets").get()!.n;
console.log(`reports bench: ${tickets} tickets, ${runs} calls per case, in-process (p50 / p99 ms)`);
for (const [label, r] of ranges) {
  const q = reportQuerySchema.parse(r);
  const inRange = (
    report({ db, cache: new ReadCache(sqlite) }, admin, "busiest", q, now) as { counts: number[][] }
  ).counts
    .flat()
    .reduce((a, b) => a + b, 0);
  console.log(`${label} (${q.from} … ${q.to}, ${inRange} tickets)`);
  const kept = new ReadCache(sqlite);
  for (const kind of KINDS) {
    const cold = time(() => report({ db, cache: new ReadCache(sqlite) }, admin, kind, q, now));
    const warm = time(() => report({ db, cache: kept }, admin, kind, q, now));
    console.log(
      `  ${kind.padEnd(15)} cold p50 ${at(cold, 0.5)}  p99 ${at(cold, 0.99)}   kept p50 ${at(warm, 0.5)}  p99 ${at(warm, 0.99)}`,
    );
  }
}

// The write side in-process, alternating rounds: a ticket inserted, completed and reopened, each in its
// own transaction, with the report triggers and without them (no fsync or HTTP in the figure).
const TRIGGERS = sqlite
  .query<{ name: string; sql: string }, []>(
    "SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND (name LIKE 'report_%' OR name = 'ticket_reopens_count')",
  )
  .all();
const cols = sqlite
  .query<{ name: string }, []>(
    "SELECT name FROM pragma_table_xinfo('tickets') WHERE hidden = 0 AND name NOT IN ('id', 'ticket_id')",
  )
  .all()
  .map((c) => c.name)
  .join(", ");
const copy = sqlite.prepare(
  `INSERT INTO tickets (ticket_id, ${cols}) SELECT ?, ${cols} FROM tickets WHERE id = ?`,
);
const complete = sqlite.prepare("UPDATE tickets SET status = 'completed', completed_at = ? WHERE id = ?");
const reopen = sqlite.prepare("UPDATE tickets SET status = 'open', completed_at = NULL WHERE id = ?");
let serial = 0;
const pending = sqlite.prepare("UPDATE tickets SET status = 'pending' WHERE id = ?");
type Round = Record<"insert" | "status" | "complete" | "reopen", number>;
/** µs per statement of each kind: a bare status change moves no count, completing and reopening do. */
const writeRound = (): Round => {
  const ms: Round = { insert: 0, status: 0, complete: 0, reopen: 0 };
  const timed = (kind: keyof Round, fn: () => unknown) => {
    const t0 = performance.now();
    const out = fn();
    ms[kind] += performance.now() - t0;
    return out;
  };
  for (let i = 0; i < 1000; i++) {
    const id = Number(
      (
        timed("insert", () => copy.run(`BENCH-${++serial}`, 1 + ((i * 97) % tickets))) as {
          lastInsertRowid: number;
        }
      ).lastInsertRowid,
    );
    timed("status", () => sqlite.transaction(() => pending.run(id))());
    timed("complete", () => sqlite.transaction(() => complete.run(Date.now(), id))());
    timed("reopen", () => sqlite.transaction(() => reopen.run(id))());
  }
  return ms;
};
const perTicket: Record<"with" | "without", Round[]> = { with: [], without: [] };
sqlite.run("PRAGMA synchronous = OFF");
for (let i = 0; i < 5; i++) {
  perTicket.with.push(writeRound());
  for (const t of TRIGGERS) sqlite.run(`DROP TRIGGER ${t.name}`);
  perTicket.without.push(writeRound());
  for (const t of TRIGGERS) sqlite.run(t.sql);
}
sqlite.run("DELETE FROM tickets WHERE ticket_id LIKE 'BENCH-%'");
sqlite.run("PRAGMA synchronous = FULL");
rebuildReportCounts(sqlite); // the rounds without triggers left the counts behind
const med = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const perKind = (v: "with" | "without", k: keyof Round) => med(perTicket[v].map((r) => r[k])).toFixed(1);
console.log(
  "each statement in its own transaction, in-process (5 alternating rounds of 1,000, median µs), with / without the report triggers:",
);
for (const k of ["insert", "status", "complete", "reopen"] as const)
  console.log(`  ${k.padEnd(9)} ${perKind("with", k)} / ${perKind("without", k)}`);

// Over HTTP at 16 connections: each figure as the page asks it (kept until a write), then after a write each time.
const env = { RATE_LIMIT_PUBLIC_WRITES: "1000000000", RATE_LIMIT_WINDOW_SECONDS: "1" };
const server = await startServerAt(dir, { env, timeoutMs: 120_000 });
const cookie = await signInCookie(server.url);
const json = { "Content-Type": "application/json", Origin: server.url };
const generator = generatorOf(opt.generator as string | undefined);
const c = Number(opt.connections);
const submit = () =>
  fetch(`${server.url}/api/tickets`, { method: "POST", headers: json, body: JSON.stringify(CALLER_TICKET) });
if ((await submit()).status !== 201) throw new Error("submit refused");
console.log(
  `over HTTP, ${c} connections, ${opt.seconds} s each (kept: p50 / p99 ms), then after a write each time`,
);
for (const [label, r] of ranges)
  for (const kind of KINDS) {
    const path = `/api/admin/reports/${kind}?${new URLSearchParams(r as Record<string, string>)}`;
    const m = await measure(
      server.url,
      { name: kind, path, headers: { Cookie: cookie } },
      c,
      Number(opt.seconds),
      server.rssMb,
      generator,
    );
    const after: number[] = [];
    for (let i = 0; i < runs; i++) {
      await submit();
      const t0 = performance.now();
      await (await fetch(`${server.url}${path}`, { headers: { Cookie: cookie } })).arrayBuffer();
      after.push(performance.now() - t0);
    }
    after.sort((a, b) => a - b);
    console.log(
      `  ${label} ${kind.padEnd(15)} ${m.reqPerSec.toFixed(0)} req/s p50 ${m.p50} p99 ${m.p99} errors ${m.errors}   after a write p50 ${at(after, 0.5)} p99 ${at(after, 0.99)}`,
    );
  }

// Submit with the report counts' triggers and without them, alternating, on the same server and folder.
const rate: Record<"with" | "without", number[]> = { with: [], without: [] };
const scenario = {
  name: "submit",
  method: "POST" as const,
  path: "/api/tickets",
  body: CALLER_TICKET,
  headers: json,
};
for (let i = 0; i < Number(opt.submitRuns); i++)
  // each pair in the other order, so neither variant always follows the other
  for (const variant of i % 2 ? (["without", "with"] as const) : (["with", "without"] as const)) {
    if (variant === "without") for (const t of TRIGGERS) sqlite.run(`DROP TRIGGER ${t.name}`);
    const m = await measure(server.url, scenario, c, Number(opt.seconds), server.rssMb, generator);
    if (variant === "without") for (const t of TRIGGERS) sqlite.run(t.sql);
    rate[variant].push(m.reqPerSec);
    console.log(`  submit ${variant} the report triggers: ${m.reqPerSec.toFixed(0)} req/s p99 ${m.p99} ms`);
  }
await server.stop();
rebuildReportCounts(sqlite); // the runs without triggers left the counts behind
console.log(
  `submit medians: with ${med(rate.with).toFixed(0)} req/s, without ${med(rate.without).toFixed(0)} req/s (${(med(rate.with) / med(rate.without)).toFixed(2)}×); load average ${loadavg()[0]!.toFixed(1)}`,
);
sqlite.close();
