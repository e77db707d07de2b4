/**
 * `npm run bench -- --only time-images [--tickets 100000 | --reuse DIR] [--articles 5000] [--runs 20]`,
 * in-process: the time-spent report over a year and a month with and without its partial index on the
 * notes that carry minutes; then a visitor's article image check, the recorded tokens against a search of
 * every published body, over `--articles` published articles. Alternating, same run.
 */
import { mkdtempSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { openDatabase } from "../db/client";
import { ReadCache } from "../db/read-cache";
import { SYSTEM_ACTOR } from "../src/audit/audit.service";
import { createArticle } from "../src/knowledge/articles.service";
import { reportQuerySchema } from "../src/shared/schemas/reports";
import { timeSpentReport } from "../src/time-spent/time-spent.report";
import type { ScopeActor } from "../src/tickets/tickets.scope";
import { seedBench } from "./seed";

const { values: opt } = parseArgs({
  args: Bun.argv.slice(2),
  strict: false,
  options: {
    reuse: { type: "string" },
    tickets: { type: "string", default: "100000" },
    articles: { type: "string", default: "5000" },
    runs: { type: "string", default: "20" },
  },
});
const dir = (opt.reuse as string | undefined) ?? mkdtempSync(join(tmpdir(), "bench-time-images-"));
if (!opt.reuse) await seedBench(dir, Number(opt.tickets));
const { db, sqlite } = openDatabase(join(dir, "helpdesk.sqlite"));
const runs = Number(opt.runs);

function time(fn: () => unknown): number[] {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    fn();
    times.push(performance.now() - t0);
  }
  return times.sort((a, b) => a - b);
}
const at = (t: number[], p: number) => t[Math.min(t.length - 1, Math.floor(t.length * p))]!.toFixed(2);
const line = (label: string, t: number[]) => `  ${label.padEnd(34)} p50 ${at(t, 0.5)}  p99 ${at(t, 0.99)} ms`;

// the seed writes no minutes: a third of the staff notes get some
sqlite.run(
  "UPDATE ticket_notes SET minutes_spent = 1 + id % 90 WHERE user_id IS NOT NULL AND id % 3 = 0 AND minutes_spent IS NULL",
);
const count = (sql: string) => sqlite.query<{ n: number }, []>(sql).get()!.n;
console.log(
  `time-images bench: ${count("SELECT count(*) AS n FROM tickets")} tickets, ${count("SELECT count(*) AS n FROM ticket_notes WHERE minutes_spent IS NOT NULL")} notes with minutes, load ${loadavg()[0]!.toFixed(1)}`,
);
const admin: ScopeActor = {
  id: 1,
  role: "admin",
  canViewAllTickets: true,
  allowedDepartments: [],
  allowedCompanies: [],
};
const staff: ScopeActor = {
  id: 2,
  role: "staff",
  canViewAllTickets: false,
  allowedDepartments: ["IT"],
  allowedCompanies: [],
};
const INDEX = `CREATE INDEX IF NOT EXISTS ticket_notes_minutes_idx ON ticket_notes (created_at) WHERE minutes_spent IS NOT NULL`;
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const now = Date.now();
for (const [label, days] of [
  ["year", 365],
  ["month", 30],
] as const) {
  const q = reportQuerySchema.parse({ from: day(now - days * 86_400_000), to: day(now + 86_400_000) });
  const results: Record<string, number[]> = {};
  for (let round = 0; round < 2; round++)
    for (const withIndex of [true, false]) {
      sqlite.run(withIndex ? INDEX : "DROP INDEX IF EXISTS ticket_notes_minutes_idx");
      for (const [who, actor] of [
        ["admin", admin],
        ["staff (IT)", staff],
      ] as const) {
        const key = `${label} ${who} ${withIndex ? "with" : "without"} index`;
        const t = time(() => timeSpentReport({ db, cache: new ReadCache(sqlite) }, actor, q));
        results[key] = [...(results[key] ?? []), ...t].sort((a, b) => a - b);
      }
    }
  sqlite.run(INDEX);
  for (const [key, t] of Object.entries(results)) console.log(line(key, t));
}

// Article images: N published public articles of ~2 KB, each showing one image.
const articles = Number(opt.articles);
const have = count("SELECT count(*) AS n FROM kb_articles");
const filler = "Open the tray, lift the cover and check the rollers before printing again. ".repeat(25);
const tokens: string[] = [];
for (let i = have; i < articles; i++) {
  const token = crypto.randomUUID().replaceAll("-", "");
  tokens.push(token);
  createArticle(
    { db, actor: SYSTEM_ACTOR, now: new Date() },
    {
      title: `Bench article ${i}`,
      body: `${filler}\n\n![shot](/help/images/${token}.png)\n`,
      category: "Bench",
      visibility: "public",
      status: "published",
    },
  );
}
const last =
  tokens.at(-1) ??
  sqlite
    .query<{ token: string }, []>("SELECT token FROM kb_article_images ORDER BY rowid DESC LIMIT 1")
    .get()!.token;
const scan = sqlite.query<{ one: number }, [string]>(
  `SELECT 1 AS one FROM kb_articles WHERE status = 'published' AND visibility = 'public' AND instr(body, ?) > 0 LIMIT 1`,
);
const lookup = sqlite.query<{ one: number }, [string]>(
  `SELECT 1 AS one FROM kb_article_images i CROSS JOIN kb_articles a ON a.id = i.article_id
   WHERE i.token = ? AND a.status = 'published' AND a.visibility = 'public' LIMIT 1`,
);
console.log(`article image check, ${count("SELECT count(*) AS n FROM kb_articles")} articles`);
const unknown = "0".repeat(32);
const times: Record<string, number[]> = {};
for (let round = 0; round < 3; round++)
  for (const [label, fn] of [
    ["bodies searched, newest article's", () => scan.get(`/help/images/${last}`)],
    ["bodies searched, unknown token", () => scan.get(`/help/images/${unknown}`)],
    ["tokens recorded, newest article's", () => lookup.get(last)],
    ["tokens recorded, unknown token", () => lookup.get(unknown)],
  ] as const)
    times[label] = [...(times[label] ?? []), ...time(fn)].sort((a, b) => a - b);
for (const [label, t] of Object.entries(times)) console.log(line(label, t));
console.log(`load ${loadavg()[0]!.toFixed(1)}; folder ${dir}`);
