/**
 * `npm run bench -- --only knowledge [--articles 5000] [--tickets 20000 | --reuse DIR] [--seconds 10]`:
 * published help articles, then the portal's suggestions with a different description per request at 16
 * connections while the portal page and submissions load the server, and the `/help` pages alone.
 */
import { mkdtempSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { measure } from "./load";
import { seedBench } from "./seed";
import { addArticles, descriptions } from "./articles-corpus";
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
const description = descriptions();
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
