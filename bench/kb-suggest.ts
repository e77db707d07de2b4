/**
 * `bun bench/kb-suggest.ts [--articles 5000 --requests 3000 --rounds 3]`: in-process µs of CPU per portal
 * suggestion over varied descriptions, each asked once: ranked by the word index (as `/help` searches)
 * against the kept postings (as suggestions are), alternating round by round on one database.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { openDatabase } from "../db/client";
import { runMigrations } from "../db/migrate";
import { ReadCache } from "../db/read-cache";
import { keptSearch, searchArticles } from "../src/knowledge/articles.search";
import { addArticles, descriptions } from "./articles-corpus";

const { values: opt } = parseArgs({
  args: Bun.argv.slice(2),
  strict: false,
  options: {
    articles: { type: "string", default: "5000" },
    requests: { type: "string", default: "3000" },
    rounds: { type: "string", default: "3" },
  },
});
const dir = mkdtempSync(join(tmpdir(), "helpdesk-bench-kb-suggest-"));
runMigrations(openDatabase(join(dir, "helpdesk.sqlite")).db);
addArticles(dir, Number(opt.articles));
const { db, sqlite } = openDatabase(join(dir, "helpdesk.sqlite"));
const cache = new ReadCache(sqlite);
const opts = { audience: "public", limit: 3, excerpts: false } as const;
const n = Number(opt.requests);
const cpu = () => process.cpuUsage().user + process.cpuUsage().system;

let asked = 0;
function timed(suggest: (q: string) => unknown) {
  const description = descriptions(asked++);
  const start = cpu();
  for (let i = 0; i < n; i++) suggest(description(i));
  return (cpu() - start) / n;
}
const first = performance.now();
keptSearch(cache, db, "printer", opts);
console.log(
  `first suggestion of this articles version (reads lengths and titles): ${(performance.now() - first).toFixed(1)} ms`,
);
const us: Record<string, number[]> = { index: [], kept: [] };
for (let r = 0; r < Number(opt.rounds); r++) {
  us.index!.push(timed((q) => searchArticles(db, q, opts)));
  us.kept!.push(timed((q) => keptSearch(cache, db, q, opts)));
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
console.log(`load average ${(await Bun.file("/proc/loadavg").text()).split(" ").slice(0, 3).join(" ")}`);
console.log(
  `${opt.articles} articles, ${n} descriptions per round: ranked by the word index ${median(us.index!).toFixed(0)} µs, from kept postings ${median(us.kept!).toFixed(0)} µs of CPU per suggestion`,
);
console.log(`rounds: ${us.index!.map((x, i) => `${x.toFixed(0)}/${us.kept![i]!.toFixed(0)}`).join(" ")}`);
sqlite.close();
rmSync(dir, { recursive: true, force: true });
