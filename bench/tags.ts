/**
 * `npm run bench -- --only tags [--tickets 100000 | --reuse DIR] [--runs 200]`: the staff list filtered by
 * one tag and by two tags with `all`, timed in-process against the same list unfiltered (a new read cache
 * per call, so every call reads), with SQLite's plan for each page.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { SQLiteSyncDialect } from "drizzle-orm/sqlite-core";
import { openDatabase } from "../db/client";
import { ReadCache } from "../db/read-cache";
import { ticketFiltersSchema } from "../src/shared/schemas/filters";
import { filtersWhere } from "../src/tickets/tickets.filters";
import { listTickets } from "../src/tickets/tickets.queries";
import type { ScopeActor } from "../src/tickets/tickets.scope";
import { seedBench } from "./seed";

const { values: opt } = parseArgs({
  args: Bun.argv.slice(2),
  strict: false,
  options: {
    reuse: { type: "string" },
    tickets: { type: "string", default: "100000" },
    runs: { type: "string", default: "200" },
  },
});
const dir = (opt.reuse as string | undefined) ?? mkdtempSync(join(tmpdir(), "bench-tags-"));
if (!opt.reuse) await seedBench(dir, Number(opt.tickets));
const { db, sqlite } = openDatabase(join(dir, "helpdesk.sqlite"));

// Tags of several sizes: on 20 %, 5 % and 1 % of tickets, spread over the years.
const TAGS = [
  ["printer", 5],
  ["vip", 20],
  ["escalated", 100],
] as const;
sqlite.exec("BEGIN");
for (const [name, every] of TAGS) {
  sqlite.run(
    "INSERT OR IGNORE INTO tags (name, name_key, color, created_at, updated_at) VALUES (?, ?, 'gray', 0, 0)",
    [name, name],
  );
  sqlite.run(
    `INSERT OR IGNORE INTO ticket_tags (tag_id, ticket_id) SELECT (SELECT id FROM tags WHERE name_key = ?), id FROM tickets WHERE id % ? = 0`,
    [name, every],
  );
}
sqlite.exec("COMMIT; ANALYZE");

const admin: ScopeActor = {
  id: 1,
  role: "admin",
  canViewAllTickets: true,
  allowedDepartments: [],
  allowedCompanies: [],
};
const cases: [string, Record<string, string>][] = [
  ["no tag filter", {}],
  ["tag on 20 %", { tags: "printer" }],
  ["tag on 1 %", { tags: "escalated" }],
  ["two tags, any", { tags: "vip,escalated" }],
  ["two tags, all (5 % ∩ 20 %)", { tags: "printer,vip", tagsMode: "all" }],
  ["two tags, all + status open", { tags: "printer,vip", tagsMode: "all", status: "open" }],
];
const dialect = new SQLiteSyncDialect();
const tickets = sqlite.query<{ n: number }, []>("SELECT count(*) AS n FROM tickets").get()!.n;
console.log(`tags bench: ${tickets} tickets, ${opt.runs} calls per case, in-process (median / p99 ms)`);
for (const [label, q] of cases) {
  const f = ticketFiltersSchema.parse({ ...q, limit: "100" });
  const times: number[] = [];
  let total = 0;
  for (let i = 0; i < Number(opt.runs); i++) {
    const t0 = performance.now();
    total = listTickets({ db, cache: new ReadCache(sqlite) }, admin, f).total;
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  const at = (p: number) => times[Math.min(times.length - 1, Math.floor(times.length * p))]!.toFixed(2);
  const where = filtersWhere(db, admin, f);
  const { sql, params } = where ? dialect.sqlToQuery(where) : { sql: "1", params: [] };
  const plan = sqlite
    .query<{ detail: string }, never[]>(
      `EXPLAIN QUERY PLAN SELECT id FROM tickets WHERE ${sql} ORDER BY created_at DESC, id DESC LIMIT 100`,
    )
    .all(...(params as never[]))
    .map((r) => r.detail)
    .join(" | ");
  console.log(
    `${label.padEnd(30)} total ${String(total).padStart(7)}  p50 ${at(0.5)}  p99 ${at(0.99)}\n    plan: ${plan}`,
  );
}
sqlite.close();
