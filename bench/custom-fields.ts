/**
 * `npm run bench -- --only fields [--tickets 100000 | --reuse DIR] [--runs 2 --seconds 5 --connections 16]`:
 * five custom fields with values on 30 % of the tickets, then the queue filtered by a select value (beside the
 * plain first page, same run), varied filter combinations each after a submission drawn like the seeded ones,
 * and last public submit with the fields filled against submit without them, alternating.
 */
import { mkdtempSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { generatorOf, measure, type Scenario } from "./load";
import { addFields, submitBodies, variedFieldQueries, variedSubmissions } from "./field-values";
import { seedBench } from "./seed";
import { signInCookie, startServerAt } from "./server";

const { values: opt } = parseArgs({
  args: Bun.argv.slice(2),
  strict: false,
  options: {
    reuse: { type: "string" },
    tickets: { type: "string", default: "100000" },
    runs: { type: "string", default: "2" },
    seconds: { type: "string", default: "5" },
    connections: { type: "string", default: "16" },
    generator: { type: "string" },
  },
});

const [ticket, withFields] = submitBodies;

/** The p-th percentile of these times in ms, as printed. */
const percentiles = (ms: number[]) => {
  const sorted = [...ms].sort((a, b) => a - b);
  return (p: number) => sorted[Math.floor((p / 100) * (sorted.length - 1))]!.toFixed(1);
};

{
  const dataDir = (opt.reuse as string | undefined) ?? mkdtempSync(join(tmpdir(), "helpdesk-bench-fields-"));
  if (!opt.reuse) await seedBench(dataDir, Number(opt.tickets));
  addFields(dataDir);
  const env = { RATE_LIMIT_PUBLIC_WRITES: "1000000000", RATE_LIMIT_WINDOW_SECONDS: "1" };
  const server = await startServerAt(dataDir, { env, timeoutMs: 120_000 });
  const cookie = await signInCookie(server.url);
  const json = { "Content-Type": "application/json", Origin: server.url };
  const [runs, seconds, c] = [Number(opt.runs), Number(opt.seconds), Number(opt.connections)];
  const generator = generatorOf((opt.generator as string | undefined) ?? "autocannon");
  const scenarios: Scenario[] = [
    { name: "admin list, first page", path: "/api/admin/tickets", headers: { Cookie: cookie } },
    {
      name: "admin list, cf.product=Visio",
      path: "/api/admin/tickets?cf.product=o2",
      headers: { Cookie: cookie },
    },
    {
      name: "admin list, cf.seats.min=150",
      path: "/api/admin/tickets?cf.seats.min=150",
      headers: { Cookie: cookie },
    },
    {
      name: "public submit, no custom fields",
      method: "POST",
      path: "/api/tickets",
      body: ticket,
      headers: json,
    },
    {
      name: "public submit, 5 custom fields",
      method: "POST",
      path: "/api/tickets",
      body: withFields,
      headers: json,
    },
  ];
  // a body the server refuses would measure refusals: each must be accepted once first
  for (const body of [ticket, withFields]) {
    const res = await fetch(`${server.url}/api/tickets`, {
      method: "POST",
      headers: json,
      body: JSON.stringify(body),
    });
    if (res.status !== 201) throw new Error(`submit refused: ${res.status} ${await res.text()}`);
  }
  console.log(`custom fields bench on ${dataDir}, ${c} connections, load ${loadavg()[0]!.toFixed(1)}`);
  // the reads first: the load's own identical submissions would otherwise head every newest-first walk
  const load = async (which: Scenario[]) => {
    for (let run = 1; run <= runs; run++)
      for (const s of which) {
        const m = await measure(server.url, s, c, seconds, server.rssMb, generator);
        console.log(
          `run ${run} · ${s.name}: ${m.reqPerSec.toFixed(0)} req/s · p50 ${m.p50} ms · p99 ${m.p99} ms · errors ${m.errors}`,
        );
      }
  };
  await load(scenarios.filter((s) => !s.method));
  // uncached: each request a combination not asked before, each after a submission drawn like the seeded ones
  const nextSubmission = variedSubmissions();
  for (const [name, queries] of Object.entries(variedFieldQueries(300))) {
    const ms: number[] = [];
    for (const q of queries) {
      const res = await fetch(`${server.url}/api/tickets`, {
        method: "POST",
        headers: json,
        body: JSON.stringify(nextSubmission()),
      });
      if (res.status !== 201) throw new Error(`submit refused: ${res.status} ${await res.text()}`);
      const t = performance.now();
      await (
        await fetch(`${server.url}/api/admin/tickets?${q}`, { headers: { Cookie: cookie } })
      ).arrayBuffer();
      ms.push(performance.now() - t);
    }
    const at = percentiles(ms);
    console.log(`varied, never repeated · ${name}: p50 ${at(50)} ms · p90 ${at(90)} ms · p99 ${at(99)} ms`);
  }
  // every list above after the first is kept until a write: here each filtered list follows a submission
  for (const path of [
    "/api/admin/tickets",
    "/api/admin/tickets?cf.product=o2",
    "/api/admin/tickets?cf.seats.min=150",
  ]) {
    const ms: number[] = [];
    for (let i = 0; i < 200; i++) {
      await fetch(`${server.url}/api/tickets`, {
        method: "POST",
        headers: json,
        body: JSON.stringify(withFields),
      });
      const t = performance.now();
      await (await fetch(`${server.url}${path}`, { headers: { Cookie: cookie } })).arrayBuffer();
      ms.push(performance.now() - t);
    }
    const at = percentiles(ms);
    console.log(`after a write each time · ${path}: p50 ${at(50)} ms · p99 ${at(99)} ms`);
  }
  await load(scenarios.filter((s) => s.method));
  console.log(`load average at end ${loadavg()[0]!.toFixed(1)}`);
  await server.stop();
}
