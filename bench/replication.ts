/**
 * `npm run bench -- --only replication [--tickets N --runs 3 --reuse DIR --rate N]`: public submit alone against
 * submit with Litestream (`--cpu nice --nice 10` as its unit runs it, or `--cpu idle` for idle CPU only) and the
 * uploads copy on, alternating run by run so both meet the same machine load; Litestream's own CPU per submission
 * (counted until the replica has settled after the run) and how long it took to settle are reported.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { sampleOf, seedBench } from "./seed";
import { signInCookie, startServerAt } from "./server";
import { generatorOf, measure, median, settle } from "./load";
import { SUBMIT, scenarios } from "./scenarios";
import { startLitestream } from "../src/testing/litestream";
import { parseLitestreamMetrics } from "../src/replication/litestream-metrics";

const { values: opt } = parseArgs({
  args: Bun.argv.slice(2),
  strict: false,
  options: {
    tickets: { type: "string", default: "100000" },
    runs: { type: "string", default: "3" },
    seconds: { type: "string", default: "5" },
    warmup: { type: "string", default: "1" },
    connections: { type: "string", default: "16" },
    keep: { type: "boolean", default: false },
    reuse: { type: "string" },
    generator: { type: "string" },
    // Litestream's CPU: nice as deploy/litestream.service runs it, or idle (SCHED_IDLE)
    cpu: { type: "string", default: "nice" },
    nice: { type: "string", default: "10" },
    // requests per second from all connections; unset, as many as the server answers
    rate: { type: "string" },
  },
});
const generator = generatorOf((opt.generator as string | undefined) ?? "autocannon");
const rate = opt.rate ? Number(opt.rate) : undefined;
const [runs, seconds, conns, warmup] = [opt.runs, opt.seconds, opt.connections, opt.warmup].map(Number) as [
  number,
  number,
  number,
  number,
];
const dataDir =
  (opt.reuse as string | undefined) ?? mkdtempSync(join(tmpdir(), "helpdesk-bench-replication-"));
const replicaRoot = mkdtempSync(join(tmpdir(), "helpdesk-bench-replica-"));
const seeded = opt.reuse ? await sampleOf(dataDir) : await seedBench(dataDir, Number(opt.tickets));
const dbPath = join(dataDir, "helpdesk.sqlite");
console.log(`${seeded.tickets.toLocaleString("en")} tickets in ${dataDir}; load generator ${generator}`);

const env = { RATE_LIMIT_PUBLIC_WRITES: "1000000000", BACKUP_INTERVAL: "0" };
const cpuOf = (pid: number) => {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  return (Number(fields[11]) + Number(fields[12])) / 100;
};

/** Litestream on the database, once its snapshot and the WAL so far are on the replica. */
async function streaming(run: number) {
  const stream = await startLitestream(
    dbPath,
    [{ name: "disk2", type: "file", path: join(replicaRoot, `r${run}`) }],
    opt.cpu === "idle" ? { idle: true } : { nice: Number(opt.nice) },
  );
  const deadline = Date.now() + 600_000;
  for (;;) {
    const text = await fetch(stream.metricsUrl).then((r) => r.text());
    const p = parseLitestreamMetrics(text, dbPath);
    if (p?.caughtUp && /snapshot written|wal segment written/.test(stream.log())) return stream;
    if (Date.now() > deadline) throw new Error(`litestream did not catch up: ${stream.log().slice(-2000)}`);
    await Bun.sleep(200);
  }
}

/** Milliseconds after the load until Litestream has shipped all it read and read nothing new for 500 ms. */
async function settled(metricsUrl: string) {
  const start = Date.now();
  let last = "";
  let since = Date.now();
  for (;;) {
    const text = await fetch(metricsUrl).then((r) => r.text());
    const p = parseLitestreamMetrics(text, dbPath);
    const now = `${p?.read}/${p?.replicated}`;
    if (now !== last || !p?.caughtUp) [last, since] = [now, Date.now()];
    else if (Date.now() - since >= 500) return since - start;
    if (Date.now() - start > 600_000) throw new Error("litestream did not settle");
    await Bun.sleep(50);
  }
}

// a snapshot after the first means Litestream lost its place in the WAL and copied the whole database again
const snapshotsIn = (log: string) => log.match(/snapshot written/g)?.length ?? 0;
const generationsIn = (log: string) => log.match(/new generation/g)?.length ?? 0;

type Acc = {
  rps: number[];
  p99: number[];
  p50: number[];
  load: number[];
  streamCpuUs: number[];
  settleMs: number[];
};
const empty = (): Acc => ({ rps: [], p99: [], p50: [], load: [], streamCpuUs: [], settleMs: [] });
const acc: Record<"alone" | "with", Acc> = { alone: empty(), with: empty() };

for (let run = 1; run <= runs; run++)
  for (const variant of ["alone", "with"] as const) {
    const stream = variant === "with" ? await streaming(run) : undefined;
    const pid = stream?.pid ?? 0;
    const server = await startServerAt(dataDir, {
      env: stream
        ? {
            ...env,
            LITESTREAM: "true",
            LITESTREAM_METRICS_URL: stream.metricsUrl,
            UPLOADS_COPY_DIR: join(replicaRoot, "uploads"),
          }
        : env,
      timeoutMs: 120_000,
    });
    const cookie = await signInCookie(server.url);
    const s = scenarios({
      url: server.url,
      cookie,
      staffCookie: cookie,
      email: seeded.sampleEmail,
      ticketId: seeded.sampleTicketId,
      deepCursor: null,
      deepPage: 0,
    }).find((x) => x.name === SUBMIT)!;
    if (warmup > 0)
      await measure(server.url, s, conns, warmup, server.rssMb, generator).then(() => settle(server.url));
    const streamCpu = pid ? cpuOf(pid) : 0;
    const m = await measure(server.url, s, conns, seconds, server.rssMb, generator, rate);
    const a = acc[variant];
    a.rps.push(m.reqPerSec);
    a.p99.push(m.p99);
    a.p50.push(m.p50);
    a.load.push(loadavg()[0]!);
    const settledMs = stream ? await settled(stream.metricsUrl) : 0;
    if (pid) {
      a.streamCpuUs.push(((cpuOf(pid) - streamCpu) * 1e6) / Math.max(1, m.requests));
      a.settleMs.push(settledMs);
    }
    console.log(
      `  run ${run}/${runs} ${variant === "with" ? "with Litestream" : "alone"}: ${Math.round(m.reqPerSec)} req/s, p50 ${m.p50} ms, p99 ${m.p99} ms (errors ${m.errors}, load ${loadavg()[0]!.toFixed(1)})` +
        (stream
          ? `; replica settled ${settledMs} ms after the load; ${snapshotsIn(stream.log())} snapshots, ${generationsIn(stream.log())} generations in its log`
          : ""),
    );
    await server.stop();
    await stream?.stop();
  }

const [alone, withIt] = [acc.alone, acc.with];
const ratio = median(withIt.p99) / median(alone.p99);
console.log(
  `\nSubmit at ${seeded.tickets.toLocaleString("en")} tickets, ${conns} connections${rate ? ` at ${rate} req/s` : ""}, ${runs} runs × ${seconds} s alternating, medians:` +
    `\n  alone:           ${Math.round(median(alone.rps)).toLocaleString("en")} req/s, p50 ${median(alone.p50)} ms, p99 ${median(alone.p99)} ms` +
    `\n  with Litestream: ${Math.round(median(withIt.rps)).toLocaleString("en")} req/s, p50 ${median(withIt.p50)} ms, p99 ${median(withIt.p99)} ms` +
    ` (p99 ${((ratio - 1) * 100).toFixed(1)} %; Litestream's own CPU ${Math.round(median(withIt.streamCpuUs))} µs per submission;` +
    ` the replica settled ${median(withIt.settleMs)} ms after the load, Litestream at ${opt.cpu === "idle" ? "idle priority" : `nice ${opt.nice}`})` +
    `\n  target: p99 at most 10 % above alone — ${ratio <= 1.1 ? "met" : "missed"}; load average ${median([...alone.load, ...withIt.load]).toFixed(1)}`,
);
rmSync(replicaRoot, { recursive: true, force: true });
if (!opt.keep && !opt.reuse) rmSync(dataDir, { recursive: true, force: true });
process.exit(0);
