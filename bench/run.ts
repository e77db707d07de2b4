/**
 * `npm run bench [-- --tickets 1000000 --runs 3 --seconds 5 --connections 16,64 --sync FULL]`: the real
 * server and the bare-stack ceiling on one seeded temp DATA_DIR over loopback; JSON to bench/results/.
 * Rate limits are raised for the run: one loopback client stands in for many.
 */
import {
  constants,
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { sampleOf, seedBench } from "./seed";
import { BENCH_STAFF, BUN, ROOT, freePort, signInCookie, startServerAt } from "./server";
import { generatorOf, measure, median, settle, type Scenario } from "./load";
import { pageBundle } from "./bundles";
import { CEILING, GROUP_CEILING, SUBMIT, scenarios, checkTargets, type Row } from "./scenarios";
import { searchersVsPortal } from "./contention";
import { deepCursor, measureExport, saveViews } from "./queue";

const { values: opt } = parseArgs({
  options: {
    tickets: { type: "string", default: "100000" },
    runs: { type: "string", default: "3" },
    seconds: { type: "string", default: "5" },
    connections: { type: "string", default: "16,64" },
    sync: { type: "string", default: "FULL" },
    only: { type: "string" },
    // --only inbound: how many replies wait in the mailbox
    replies: { type: "string", default: "1000" },
    keep: { type: "boolean", default: false },
    // reuse a DATA_DIR seeded by an earlier --keep run (seeding 1 M tickets takes a minute or two)
    reuse: { type: "string" },
    // an executable already built (npm run build:binary) instead of one built from this checkout
    binary: { type: "string" },
    // --only memory: another executable to alternate with (an older build)
    against: { type: "string" },
    // `bun src/main.ts` (what `npm start` runs) instead of the executable
    source: { type: "boolean", default: false },
    // --only uploads: how many times each load runs
    rounds: { type: "string" },
    // --only live: how many event streams to hold open
    streams: { type: "string" },
    // --only notifications: how many agents hear of every new ticket while the fan-out is on
    agents: { type: "string" },
    generator: { type: "string" },
  },
});
// The inbound-mail bench needs no seeded tickets: it makes its own and reads replies from a real mailbox.
if (opt.only === "inbound") {
  await import("./inbound");
  process.exit(0);
}
// WORKERS=1 against WORKERS=2 on one seeded database.
if (opt.only === "workers") {
  await import("./workers");
  process.exit(0);
}
// Staff searches that differ on every request, with submissions arriving meanwhile.
if (opt.only === "varied") {
  await import("./varied");
  process.exit(0);
}
// The bell's read, and submissions with the notification fan-out on and off.
if (opt.only === "notifications") {
  await import("./notifications");
  process.exit(0);
}
// Every report over a year and a month, cold and kept; reopenings with and without their trigger.
if (opt.only === "reports") {
  await import("./reports");
  process.exit(0);
}
// The time-spent report with and without its index; a visitor's article image check, recorded against scanned.
if (opt.only === "time-images") {
  await import("./time-images");
  process.exit(0);
}
// The server's RSS at rest, under staff requests and during the export, against another executable.
if (opt.only === "memory") {
  await import("./memory");
  process.exit(0);
}
// The tag filter, one tag and two with "all", against the unfiltered list.
if (opt.only === "tags") {
  await import("./tags");
  process.exit(0);
}
// The uploads bench makes its own tickets and measures memory, not throughput.
if (opt.only === "uploads") {
  await import("./uploads");
  process.exit(0);
}
// Submit alone against submit with Litestream streaming the database, on one seeded database.
if (opt.only === "replication") {
  await import("./replication");
  process.exit(0);
}
// Custom fields: a select filter beside the plain list, submit with and without field values.
// What the page's language costs: pages and submissions in English and in other languages.
if (opt.only === "languages") {
  await import("./languages");
  process.exit(0);
}
// Staff search for a phone number in any format, beside word searches.
if (opt.only === "phone-search") {
  await import("./phone-search");
  process.exit(0);
}
if (opt.only === "fields") {
  await import("./custom-fields");
  process.exit(0);
}
// Help articles: suggestions for varied descriptions beside the portal load, and the /help pages.
if (opt.only === "knowledge") {
  await import("./knowledge");
  process.exit(0);
}
// The live-events bench seeds its own database and holds event streams open while submitting.
if (opt.only === "live") {
  await import("./live");
  process.exit(0);
}
let tickets = Number(opt.tickets);
const runs = Number(opt.runs);
const seconds = Number(opt.seconds);
const conns = opt.connections!.split(",").map(Number);
const sync = opt.sync === "NORMAL" ? "NORMAL" : "FULL";
// autocannon unless told: wrk's p99 is unreliable on small fast answers (see generatorOf)
const generator = generatorOf(opt.generator ?? "autocannon");

const loadAtStart = loadavg(); // the machine may be shared: figures are read beside its load
const dataDir = opt.reuse ?? mkdtempSync(join(tmpdir(), "helpdesk-bench-"));
console.log(
  opt.reuse ? `reusing ${dataDir}` : `seeding ${tickets.toLocaleString("en")} tickets into ${dataDir} …`,
);
const seeded = opt.reuse ? await sampleOf(dataDir) : await seedBench(dataDir, tickets);
tickets = seeded.tickets;
const dbMb = statSync(join(dataDir, "helpdesk.sqlite")).size / 1048576;
console.log(`seeded in ${seeded.seconds.toFixed(1)} s (${dbMb.toFixed(0)} MB)`);

// The ceiling inserts into a copy of the seeded database: same table size, same index depth.
const ceilingDir = mkdtempSync(join(tmpdir(), "helpdesk-ceiling-"));
copyFileSync(
  join(dataDir, "helpdesk.sqlite"),
  join(ceilingDir, "ceiling.sqlite"),
  constants.COPYFILE_FICLONE,
);

const env = {
  SQLITE_SYNCHRONOUS: sync,
  RATE_LIMIT_PUBLIC_WRITES: "1000000000",
  RATE_LIMIT_PUBLIC_SEARCH: "1000000000",
  RATE_LIMIT_PUBLIC_READS: "1000000000",
  // The bench measures each query's throughput, not the per-user gate on concurrent searches.
  EXPENSIVE_READS_PER_USER: "1000",
  EXPENSIVE_READS_TOTAL: "1000",
};
/**
 * The server as an installed office runs it: the single executable the service unit starts, built from this
 * checkout unless one is given. One bundled file holds less memory than the sources loaded module by module.
 */
function executable(): string {
  if (opt.binary) return resolve(opt.binary);
  const dir = mkdtempSync(join(tmpdir(), "helpdesk-bench-exe-"));
  process.on("exit", () => rmSync(dir, { recursive: true, force: true }));
  const exe = join(dir, "helpdesk");
  const built = Bun.spawnSync([BUN, "src/build-binary.ts", exe], {
    cwd: ROOT,
    stdout: "inherit",
    stderr: "inherit",
  });
  if (built.exitCode !== 0) throw new Error("building the executable failed");
  return exe;
}
const command = opt.source ? undefined : [executable()];
const serverLabel = opt.source ? "bun src/main.ts" : "the single executable";
// start → /healthz, median of three cold-ish starts on the seeded database
const starts: number[] = [];
for (let i = 0; i < 3; i++) {
  const s = await startServerAt(dataDir, { env, command });
  starts.push(s.startMs);
  await s.stop();
}
const server = await startServerAt(dataDir, { env, command });
const cookie = await signInCookie(server.url);
const staffCookie = await signInCookie(server.url, BENCH_STAFF);

const ceilingPort = await freePort();
const ceiling = Bun.spawn([BUN, "bench/ceiling.ts", ceilingDir, String(ceilingPort), sync], {
  cwd: ROOT,
  stdout: "pipe",
  stderr: "inherit",
});
process.on("exit", () => ceiling.kill());
const ceilingUrl = `http://127.0.0.1:${ceilingPort}`;
for (
  let i = 0;
  i < 300 &&
  !(await fetch(ceilingUrl).then(
    () => true,
    () => false,
  ));
  i++
)
  await Bun.sleep(20);
const ceilingRss = () =>
  Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${ceiling.pid}/status`, "utf8"))?.[1] ?? 0) / 1024;

await saveViews(server.url, cookie);
const deep = await deepCursor(server.url, cookie);
console.log(`filtered list: walked to page ${deep.page} by cursor`);
const all = scenarios({
  url: server.url,
  cookie,
  staffCookie,
  email: seeded.sampleEmail,
  ticketId: seeded.sampleTicketId,
  deepCursor: deep.cursor,
  deepPage: deep.page,
}).filter((s) => !opt.only || new RegExp(opt.only).test(s.name) || s.target === "ceiling");
// a path that is not built yet is reported, not measured
const available: Scenario[] = [];
for (const s of all) {
  const base = s.target === "ceiling" ? ceilingUrl : server.url;
  const res = await fetch(base + s.path, {
    method: s.method ?? "GET",
    headers: { ...s.headers, ...(s.body ? { "Content-Type": "application/json" } : {}) },
    body: s.body ? JSON.stringify(s.body) : undefined,
  });
  if (res.status >= 400) console.log(`  skipped ${s.name}: ${res.status} ${(await res.text()).slice(0, 80)}`);
  else available.push(s);
}

const samples = new Map<
  string,
  { rps: number[]; p50: number[]; p99: number[]; cores: number[]; errors: number; rss: number }
>();
// Reads first, on the seeded tickets; then the writes. The bench's submissions all arrive within seconds
// and none matches a searched term or is late: measured before the reads, they would sit in front of
// every newest-first walk (the searches, the breached list), a same-minute run no office queue holds.
const writes = (s: Scenario) =>
  (s.method === "POST" && s.path !== "/api/tickets/search") || s.method === "PUT";
const phases = [available.filter((s) => !writes(s)), available.filter(writes)];
// the portal alone and while 8 staff search, at the first connection count: a read, so before the writes
let contention: Awaited<ReturnType<typeof searchersVsPortal>> | undefined;
for (const phase of phases) {
  if (phase === phases[1] && (!opt.only || /searchers/.test(opt.only)))
    contention = await searchersVsPortal(server.url, cookie, {
      runs,
      connections: conns[0]!,
      seconds,
      rss: server.rssMb,
      generator,
    });
  for (let run = 1; run <= runs; run++) {
    for (const c of conns) {
      for (const s of phase) {
        const m =
          s.target === "ceiling"
            ? await measure(ceilingUrl, s, c, seconds, ceilingRss, generator)
            : await measure(server.url, s, c, seconds, server.rssMb, generator);
        await settle(s.target === "ceiling" ? ceilingUrl : server.url);
        const key = `${s.name}|${c}`;
        const acc = samples.get(key) ?? { rps: [], p50: [], p99: [], cores: [], errors: 0, rss: 0 };
        acc.rps.push(m.reqPerSec);
        acc.cores.push(m.generatorCpuUs / (seconds * 1e6));
        acc.p50.push(m.p50);
        acc.p99.push(m.p99);
        acc.errors += m.errors;
        acc.rss = Math.max(acc.rss, m.peakRssMb);
        samples.set(key, acc);
        process.stdout.write(
          `  run ${run}/${runs} c=${c} ${s.name}: ${Math.round(m.reqPerSec)} req/s p99 ${m.p99} ms\n`,
        );
      }
    }
  }
}
const rows: Row[] = [];
for (const c of conns) {
  const ceil = median(samples.get(`${CEILING}|${c}`)!.rps);
  // submissions are committed in groups: their reference is the ceiling that does the same
  const groupCeil = median(samples.get(`${GROUP_CEILING}|${c}`)?.rps ?? [ceil]);
  for (const s of available) {
    const acc = samples.get(`${s.name}|${c}`)!;
    const rps = median(acc.rps);
    rows.push({
      name: s.name,
      connections: c,
      reqPerSec: rps,
      p50: median(acc.p50),
      p99: median(acc.p99),
      errors: acc.errors,
      peakRssMb: acc.rss,
      ratio: rps / (s.name === SUBMIT ? groupCeil : ceil),
      generatorCores: median(acc.cores),
    });
  }
}

// the export runs alone, after the load: rows per second and the server's memory while it streams
const exported = await measureExport(server.url, cookie, 100_000, server.rssMb);
console.log(
  `export: ${exported.rows.toLocaleString("en")} rows in ${exported.seconds.toFixed(2)} s, ${Math.round(exported.rowsPerSec).toLocaleString("en")} rows/s, server RSS ≤ ${exported.peakRssMb.toFixed(0)} MB`,
);

const html = async (path: string) => (await fetch(server.url + path, { headers: { Cookie: cookie } })).text();
const bundles = {
  "/": pageBundle(await html("/")),
  "/admin": pageBundle(await html("/admin")),
  // its charts (uPlot) are a further chunk, fetched once a chart is drawn
  "/admin/reports": pageBundle(await html("/admin/reports")),
};
const peakRssMb = server.peakRssMb();
const walPath = join(dataDir, "helpdesk.sqlite-wal");
const walMb = existsSync(walPath) ? statSync(walPath).size / 1048576 : 0; // checkpoints keep up, or the WAL grows
await server.stop();
ceiling.kill();
await ceiling.exited;

const pad = (v: string, n: number) => v.padStart(n);
console.log(
  `\nHelpdesk bench: ${tickets.toLocaleString("en")} tickets, synchronous=${sync}, ${runs} runs × ${seconds} s, medians, server ${serverLabel}, load generator ${generator}; load average ${loadAtStart.map((l) => l.toFixed(1)).join(" ")} at start, ${loadavg()
    .map((l) => l.toFixed(1))
    .join(" ")} at end\n`,
);
console.log(
  `${"path".padEnd(44)}${pad("conns", 6)}${pad("req/s", 9)}${pad("p50 ms", 8)}${pad("p99 ms", 8)}${pad("errors", 8)}${pad("RSS MB", 8)}${pad("vs ceil", 9)}${pad("gen CPU", 9)}`,
);
for (const r of rows)
  console.log(
    `${r.name.padEnd(44)}${pad(String(r.connections), 6)}${pad(Math.round(r.reqPerSec).toLocaleString("en"), 9)}${pad(r.p50.toFixed(1), 8)}${pad(r.p99.toFixed(1), 8)}${pad(String(r.errors), 8)}${pad(r.peakRssMb.toFixed(0), 8)}${pad(`${(r.ratio * 100).toFixed(0)} %`, 9)}${pad(`${(r.generatorCores * 100).toFixed(0)} %`, 9)}`,
  );
console.log(
  "(vs ceil: submit against the group-commit ceiling, every other path against the bare one; gen CPU: the load generator's share of one core; the 1,000-row list is read by two generator threads, as one saturates)",
);
console.log(
  `\nstart → /healthz: ${starts.map((s) => s.toFixed(0)).join(", ")} ms (median ${median(starts).toFixed(0)} ms); server peak RSS (VmHWM) ${peakRssMb.toFixed(0)} MB; database ${dbMb.toFixed(0)} MB, WAL after load ${walMb.toFixed(1)} MB`,
);
for (const [page, b] of Object.entries(bundles))
  console.log(
    `browser JS for ${page}: ${(b.jsGzipBytes / 1024).toFixed(1)} KiB gzip (${b.files.length} files), CSS ${(b.cssGzipBytes / 1024).toFixed(1)} KiB gzip`,
  );
const verdicts = checkTargets({
  rows,
  startMs: median(starts),
  peakRssMb,
  bundles: { portal: bundles["/"].jsGzipBytes, admin: bundles["/admin"].jsGzipBytes },
  tickets,
  sync,
  exported,
  contention,
});
console.log(`\n${verdicts.join("\n")}`);

mkdirSync(join(ROOT, "bench/results"), { recursive: true });
const out = join(ROOT, "bench/results", `${new Date().toISOString().replace(/[:.]/g, "-")}-${tickets}.json`);
writeFileSync(
  out,
  JSON.stringify(
    {
      at: new Date().toISOString(),
      server: serverLabel,
      generator,
      tickets,
      sync,
      runs,
      seconds,
      seedSeconds: seeded.seconds,
      dbMb,
      walMb,
      startMs: starts,
      peakRssMb,
      bundles,
      rows,
      exported,
      contention,
      loadAverage: { start: loadAtStart, end: loadavg() },
      skipped: all.filter((s) => !available.includes(s)).map((s) => s.name),
      verdicts,
    },
    null,
    2,
  ),
);
console.log(`\nwrote ${out}`);
if (!opt.keep && !opt.reuse) rmSync(dataDir, { recursive: true, force: true });
rmSync(ceilingDir, { recursive: true, force: true });
process.exit(0);
