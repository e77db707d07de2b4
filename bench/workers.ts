/**
 * `npm run bench -- --only workers [--tickets N --runs N --seconds N --warmup N --connections N] [--keep |
 * --reuse DIR] [--against CHECKOUT] [--generator wrk|autocannon]`: WORKERS=1 and WORKERS=2 (and WORKERS=2 of
 * CHECKOUT) on one seeded database, alternating run by run so all see the same machine load.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { sampleOf, seedBench } from "./seed";
import { signInCookie, startServerAt, type RunningServer } from "./server";
import { generatorOf, measure, median, settle } from "./load";
import { scenarios } from "./scenarios";

const { values: opt } = parseArgs({
  args: Bun.argv.slice(2),
  strict: false,
  options: {
    tickets: { type: "string", default: "100000" },
    runs: { type: "string", default: "3" },
    seconds: { type: "string", default: "5" },
    warmup: { type: "string", default: "1" },
    against: { type: "string" },
    connections: { type: "string", default: "32" },
    keep: { type: "boolean", default: false },
    reuse: { type: "string" },
    generator: { type: "string" },
  },
});
// wrk when installed: autocannon's CPU per request would take the cores a second process needs.
const generator = generatorOf(opt.generator as string | undefined);
const [runs, seconds, conns] = [Number(opt.runs), Number(opt.seconds), Number(opt.connections)];
const warmup = Number(opt.warmup);
const dataDir = (opt.reuse as string | undefined) ?? mkdtempSync(join(tmpdir(), "helpdesk-bench-workers-"));
const seeded = opt.reuse ? await sampleOf(dataDir) : await seedBench(dataDir, Number(opt.tickets));
console.log(`${seeded.tickets.toLocaleString("en")} tickets in ${dataDir}; load generator ${generator}`);

const env = {
  RATE_LIMIT_PUBLIC_WRITES: "1000000000",
  RATE_LIMIT_PUBLIC_SEARCH: "1000000000",
  RATE_LIMIT_PUBLIC_READS: "1000000000",
  EXPENSIVE_READS_PER_USER: "1000",
  EXPENSIVE_READS_TOTAL: "1000",
  BACKUP_INTERVAL: "0",
};
const kids = (pid: number) =>
  readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim().split(/\s+/).filter(Boolean).map(Number);
const rssOf = (pid: number) =>
  Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0) / 1024;
/** CPU seconds (user + system) a process has used so far, from /proc/PID/stat (in hundredths). */
const cpuOf = (pid: number) => {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  return (Number(fields[11]) + Number(fields[12])) / 100;
};
/** Every listening socket on the port: one per process serving it. */
const listening = (port: number) => {
  const hex = `:${port.toString(16).toUpperCase().padStart(4, "0")} `;
  return readFileSync("/proc/net/tcp", "utf8")
    .split("\n")
    .filter((l) => l.includes(hex) && l.trim().split(/\s+/)[3] === "0A").length;
};

type Variant = { label: string; workers: number; cwd?: string };
const variants: Variant[] = [
  { label: "WORKERS=1", workers: 1 },
  { label: "WORKERS=2", workers: 2 },
  ...(opt.against ? [{ label: "WORKERS=2 against", workers: 2, cwd: opt.against as string }] : []),
];

async function startWith({ workers, cwd }: Variant): Promise<RunningServer> {
  const server = await startServerAt(dataDir, {
    env: { ...env, WORKERS: String(workers) },
    timeoutMs: 120_000,
    cwd,
  });
  const port = Number(new URL(server.url).port);
  while (listening(port) < workers) await Bun.sleep(50);
  return server;
}

const names = ["admin list, limit 100", 'admin search only ("printer")', "POST /api/tickets (submit)"];
type Acc = { rps: number[]; p99: number[]; load: number[]; rss: number; cpuUs: number[]; genUs: number[] };
const acc = new Map<string, Acc>();
// Reads first, every run of every variant, then the submissions: a run's submissions would otherwise sit
// in front of the next run's newest-first search walk, so each variant's searches would meet more of them
// than the one before it (the main bench orders its phases the same way).
const phases = [names.filter((n) => !n.startsWith("POST")), names.filter((n) => n.startsWith("POST"))];
for (const phase of phases)
  for (let run = 1; run <= runs; run++) {
    for (const variant of variants) {
      const server = await startWith(variant);
      const cookie = await signInCookie(server.url);
      const all = scenarios({
        url: server.url,
        cookie,
        staffCookie: cookie,
        email: seeded.sampleEmail,
        ticketId: seeded.sampleTicketId,
        deepCursor: null,
        deepPage: 0,
      });
      const rss = () => rssOf(server.pid) + kids(server.pid).reduce((sum, pid) => sum + rssOf(pid), 0);
      for (const name of phase) {
        const s = all.find((x) => x.name === name)!;
        // CPU per request does not depend on what else the machine runs: it shows the cost of the second process.
        const tree = () => [server.pid, ...kids(server.pid)].reduce((sum, pid) => sum + cpuOf(pid), 0);
        // Unmeasured: each process compiles its hot code on first use, and two processes do it twice.
        if (warmup > 0)
          await measure(server.url, s, conns, warmup, rss, generator).then(() => settle(server.url));
        const cpuBefore = tree();
        const m = await measure(server.url, s, conns, seconds, rss, generator);
        const cpuUs = ((tree() - cpuBefore) * 1e6) / Math.max(1, m.requests);
        const genUs = m.generatorCpuUs / Math.max(1, m.requests);
        const load = loadavg()[0]!;
        await settle(server.url);
        const key = `${name}|${variant.label}`;
        const a = acc.get(key) ?? { rps: [], p99: [], load: [], rss: 0, cpuUs: [], genUs: [] };
        a.cpuUs.push(cpuUs);
        a.genUs.push(genUs);
        a.rps.push(m.reqPerSec);
        a.p99.push(m.p99);
        a.load.push(load);
        a.rss = Math.max(a.rss, m.peakRssMb);
        acc.set(key, a);
        console.log(
          `  run ${run}/${runs} ${variant.label} ${name}: ${Math.round(m.reqPerSec)} req/s p99 ${m.p99} ms (errors ${m.errors}, ${Math.round(cpuUs)} µs CPU/request, load generator ${Math.round(genUs)} µs/request, load ${load.toFixed(1)})`,
        );
      }
      await server.stop();
    }
  }

console.log(
  `\nAgainst WORKERS=1: ${seeded.tickets.toLocaleString("en")} tickets, ${conns} connections, ${runs} runs × ${seconds} s alternating (after ${warmup} s warm-up), medians`,
);
for (const name of names) {
  const one = acc.get(`${name}|WORKERS=1`)!;
  const [r1, p1] = [median(one.rps), median(one.p99)];
  console.log(
    `  ${name}: WORKERS=1 ${Math.round(r1).toLocaleString("en")} req/s, p99 ${p1} ms, CPU/request ${Math.round(median(one.cpuUs))} µs (load generator ${Math.round(median(one.genUs))} µs), RSS ${one.rss.toFixed(0)} MB`,
  );
  for (const v of variants.slice(1)) {
    const two = acc.get(`${name}|${v.label}`)!;
    const r2 = median(two.rps);
    console.log(
      `    ${v.label.padEnd(18)} ${Math.round(r2).toLocaleString("en").padStart(7)} req/s (${(r2 / r1).toFixed(2)}×), p99 ${median(two.p99)} ms, CPU/request ${Math.round(median(two.cpuUs))} µs (load generator ${Math.round(median(two.genUs))} µs), RSS ${two.rss.toFixed(0)} MB, load avg ${median([...one.load, ...two.load]).toFixed(1)}`,
    );
  }
}
if (!opt.keep && !opt.reuse) rmSync(dataDir, { recursive: true, force: true });
process.exit(0);
