/**
 * `npm run bench -- --only reports [--tickets 100000 | --reuse DIR] [--runs 20]`: every report for the
 * last year and the last month, all departments, as an admin, timed in-process: cold (a new read cache
 * per call, so the range is read) and kept (the page's other figures, answered from the cache). Then
 * the write side: reopening tickets with the reopen-counting trigger and without it, alternating.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { openDatabase } from "../db/client";
import { ReadCache } from "../db/read-cache";
import { report } from "../src/reports/reports.queries";
import { reportQuerySchema, type ReportKind } from "../src/shared/schemas/reports";
import type { ScopeActor } from "../src/tickets/tickets.scope";
import { seedBench } from "./seed";

const { values: opt } = parseArgs({
  args: Bun.argv.slice(2),
  strict: false,
  options: {
    reuse: { type: "string" },
    tickets: { type: "string", default: "100000" },
    runs: { type: "string", default: "20" },
  },
});
const dir = (opt.reuse as string | undefined) ?? mkdtempSync(join(tmpdir(), "bench-reports-"));
if (!opt.reuse) await seedBench(dir, Number(opt.tickets));
const { db, sqlite } = openDatabase(join(dir, "helpdesk.sqlite"));
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

// The write side of the reports: the trigger counting reopenings, against the same updates without it.
const trigger = sqlite
  .query<{ sql: string }, []>("SELECT sql FROM sqlite_master WHERE name = 'ticket_reopens_count'")
  .get()!.sql;
const reopen = sqlite.prepare("UPDATE tickets SET status = 'open', completed_at = NULL WHERE id = ?");
const close = sqlite.prepare("UPDATE tickets SET status = 'completed', completed_at = ? WHERE id = ?");
const ids = sqlite
  .query<{ id: number }, []>("SELECT id FROM tickets WHERE completed_at IS NOT NULL LIMIT 2000")
  .all();
const round = () => {
  const t0 = performance.now();
  for (const { id } of ids)
    sqlite.transaction(() => {
      reopen.run(id);
      close.run(Date.now(), id);
    })();
  return (performance.now() - t0) / ids.length;
};
const withTrigger: number[] = [];
const without: number[] = [];
for (let i = 0; i < 3; i++) {
  withTrigger.push(round());
  sqlite.exec("DROP TRIGGER ticket_reopens_count");
  without.push(round());
  sqlite.exec(trigger);
}
const med = (xs: number[]) => xs.sort((a, b) => a - b)[1]!.toFixed(3);
console.log(
  `reopen + complete, one transaction each (${ids.length} tickets, 3 alternating rounds, median ms per ticket): with the trigger ${med(withTrigger)}, without ${med(without)}`,
);
sqlite.close();
