/**
 * `npm run bench -- --only knowledge [--articles 5000] [--tickets 20000 | --reuse DIR] [--seconds 10]`:
 * published help articles, then the portal's suggestions with a different description per request at 16
 * connections while the portal page and submissions load the server, and the `/help` pages alone.
 */
import { mkdtempSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { openDatabase } from "../db/client";
import { SYSTEM_ACTOR } from "../src/audit/audit.service";
import { createArticle } from "../src/knowledge/articles.service";
import { measure } from "./load";
import { FIRST, rng, seedBench, TOPICS } from "./seed";
import { startServerAt } from "./server";

const { values: opt } = parseArgs({
  args: Bun.argv.slice(2),
  strict: false,
  options: {
    reuse: { type: "string" },
    tickets: { type: "string", default: "20000" },
    articles: { type: "string", default: "5000" },
    seconds: { type: "string", default: "10" },
    connections: { type: "string", default: "16" },
  },
});

const WORDS = [
  ...new Set(TOPICS.flatMap((t) => t.toLowerCase().split(/\s+/)).filter((w) => w.length >= 4)),
  ...["laptop", "printer", "scanner", "password", "licence", "monitor", "keyboard", "toner", "badge", "vpn"],
  ...["wifi", "calendar", "mailbox", "invoice", "desk", "chair", "projector", "phone", "headset", "backup"],
];
const CATEGORIES = ["Accounts", "Printing", "Network", "Software", "Hardware", "Supplies", "Facilities"];

/** Made-up words, so articles share a vocabulary of thousands with a few words common to many. */
function vocabulary(r: () => number, size: number) {
  const syllables = [
    "ka",
    "ro",
    "mi",
    "te",
    "lu",
    "sa",
    "no",
    "vi",
    "de",
    "po",
    "ri",
    "gu",
    "fe",
    "la",
    "ton",
    "mer",
  ];
  const words = new Set<string>();
  while (words.size < size)
    words.add(
      Array.from({ length: 2 + Math.floor(r() * 3) }, () => syllables[Math.floor(r() * 16)]).join(""),
    );
  return [...words];
}

/** Articles of a few hundred words each: topical words spread like real text (a few common, most rare). */
function addArticles(dataDir: string, count: number) {
  const { db, sqlite } = openDatabase(join(dataDir, "helpdesk.sqlite"));
  const have = sqlite.query<{ n: number }, []>("SELECT count(*) AS n FROM kb_articles").get()!.n;
  const r = rng(7);
  // made-up words take the common ranks, as "the" and "with" do in real text; the topical ones come after
  const made = vocabulary(r, 4000);
  const words = [
    ...made.slice(0, 100),
    ...WORDS.flatMap((w, i) => [w, ...made.slice(100 + i * 8, 108 + i * 8)]),
    ...made.slice(100 + WORDS.length * 8),
  ];
  // Zipf-like: the word at rank k is picked about 1/k as often as the first
  const zipf = () =>
    words[Math.min(words.length - 1, Math.floor(Math.exp(r() * Math.log(words.length))) - 1)]!;
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(r() * xs.length)]!;
  const sentence = () => `${Array.from({ length: 8 + Math.floor(r() * 8) }, zipf).join(" ")}.`;
  for (let i = have; i < count; i++) {
    const title = `How to fix ${pick(WORDS)} ${zipf()} ${i}`;
    const body = Array.from({ length: 4 }, () => Array.from({ length: 5 }, sentence).join(" ")).join("\n\n");
    createArticle(
      { db, actor: SYSTEM_ACTOR, now: new Date() },
      { title, body, category: pick(CATEGORIES), visibility: "public", status: "published" },
    );
  }
  sqlite.close();
}

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
const seconds = Number(opt.seconds);
const conns = Number(opt.connections);
const dataDir = (opt.reuse as string | undefined) ?? mkdtempSync(join(tmpdir(), "helpdesk-bench-kb-"));
if (!opt.reuse) await seedBench(dataDir, Number(opt.tickets));
addArticles(dataDir, Number(opt.articles));
const env = {
  RATE_LIMIT_PUBLIC_WRITES: "1000000000",
  RATE_LIMIT_PUBLIC_SEARCH: "1000000000",
  RATE_LIMIT_WINDOW_SECONDS: "1",
};
const server = await startServerAt(dataDir, { env, timeoutMs: 120_000 });
const json = { "Content-Type": "application/json", Origin: server.url };
console.log(`knowledge bench on ${dataDir}: ${opt.articles} articles, load ${loadavg()[0]!.toFixed(1)}`);

// The pages alone: the index of articles and one article.
const slug = (
  (await (await fetch(`${server.url}/api/help/articles?q=printer`)).json()) as {
    articles: { slug: string }[];
  }
).articles[0]!.slug;
for (const [name, path] of [
  ["GET /help", "/help"],
  ["GET /help/<slug>", `/help/${slug}`],
]) {
  const m = await measure(server.url, { name: name!, path: path! }, conns, seconds, server.rssMb);
  console.log(
    `${name}: ${m.reqPerSec.toFixed(0)} req/s · p50 ${m.p50} ms · p99 ${m.p99} ms · errors ${m.errors}`,
  );
}

// Suggestions for descriptions never asked twice, beside the portal page and 10 submissions a second.
const r = rng(11);
const description = (n: number) =>
  `${FIRST[n % FIRST.length]} says the ${WORDS[Math.floor(r() * WORDS.length)]} and the ${
    WORDS[Math.floor(r() * WORDS.length)]
  } stopped working after ${WORDS[Math.floor(r() * WORDS.length)]} ${n}`;
const until = performance.now() + seconds * 1000;
const latencies: number[] = [];
const statuses = new Map<number, number>();
let asked = 0;
const visitor = async () => {
  while (performance.now() < until) {
    const q = encodeURIComponent(description(asked++));
    const t = performance.now();
    const res = await fetch(`${server.url}/api/help/suggestions?q=${q}`);
    await res.arrayBuffer();
    latencies.push(performance.now() - t);
    statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
  }
};
const submitter = async () => {
  for (let at = performance.now(), n = 0; performance.now() < until; at += 100, n++) {
    await Bun.sleep(Math.max(0, at - performance.now()));
    void fetch(`${server.url}/api/tickets`, {
      method: "POST",
      headers: json,
      body: JSON.stringify({
        firstName: "Bench",
        lastName: "Visitor",
        email: "bench.visitor@example.com",
        phone: "555-123-4567",
        companyId: 1,
        department: "IT",
        ticketType: "IT",
        priority: "medium",
        description: `Request ${n}: the printer shows error 42 after the update.`,
      }),
    });
  }
};
const [portal] = await Promise.all([
  measure(server.url, { name: "GET /", path: "/" }, 4, seconds, server.rssMb),
  submitter(),
  ...Array.from({ length: conns }, visitor),
]);
latencies.sort((a, b) => a - b);
console.log(
  `suggestions, ${latencies.length} distinct descriptions at ${conns} connections: ${(latencies.length / seconds).toFixed(0)} req/s · p50 ${pct(latencies, 50).toFixed(1)} ms · p99 ${pct(latencies, 99).toFixed(1)} ms · ${JSON.stringify(Object.fromEntries(statuses))}`,
);
console.log(`GET / meanwhile (4 connections): ${portal!.reqPerSec.toFixed(0)} req/s · p99 ${portal!.p99} ms`);
console.log(`load average at end ${loadavg()[0]!.toFixed(1)}`);
await server.stop();
