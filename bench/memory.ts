/**
 * `npm run bench -- --only memory [--tickets 100000 | --reuse DIR] [--binary PATH] [--against PATH] [--rounds 2]`:
 * the server's RSS at rest, during 2,000 staff requests and during a 100,000-row export, each round on a
 * fresh copy of one seeded folder; with `--against`, another executable (an older build) alternates with it.
 */
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { measureExport } from "./queue";
import { seedBench } from "./seed";
import { BUN, ROOT, signInCookie, startServerAt } from "./server";

const { values: opt } = parseArgs({
  args: Bun.argv.slice(2),
  strict: false,
  options: {
    reuse: { type: "string" },
    tickets: { type: "string", default: "100000" },
    binary: { type: "string" },
    against: { type: "string" },
    rounds: { type: "string", default: "2" },
    requests: { type: "string", default: "2000" },
  },
});
const seeded = (opt.reuse as string | undefined) ?? mkdtempSync(join(tmpdir(), "bench-memory-"));
if (!opt.reuse) await seedBench(seeded, Number(opt.tickets));

function built(): string {
  const exe = join(mkdtempSync(join(tmpdir(), "bench-memory-exe-")), "helpdesk");
  if (Bun.spawnSync([BUN, "src/build-binary.ts", exe], { cwd: ROOT, stdout: "inherit" }).exitCode !== 0)
    throw new Error("building the executable failed");
  return exe;
}
const variants = [["this", (opt.binary as string | undefined) ?? built()]];
if (opt.against) variants.push(["against", opt.against as string]);

const PATHS = ["/api/admin/tickets", "/api/admin/tickets?q=printer", "/api/admin/tickets/stats", "/admin"];
const env = { EXPENSIVE_READS_PER_USER: "1000", EXPENSIVE_READS_TOTAL: "1000" };

async function round(exe: string) {
  const dir = mkdtempSync(join(tmpdir(), "bench-memory-run-"));
  cpSync(seeded, dir, { recursive: true });
  const s = await startServerAt(dir, { env, command: [exe] });
  try {
    await Bun.sleep(1500);
    const idle = s.rssMb();
    const startPeak = s.peakRssMb();
    const cookie = await signInCookie(s.url);
    let sent = 0;
    let load = 0;
    const worker = async () => {
      while (sent < Number(opt.requests)) {
        const i = sent++;
        await (await fetch(s.url + PATHS[i % PATHS.length], { headers: { Cookie: cookie } })).arrayBuffer();
        if (i % 50 === 0) load = Math.max(load, s.rssMb());
      }
    };
    await Promise.all(Array.from({ length: 16 }, worker));
    const exported = await measureExport(s.url, cookie, 100_000, s.rssMb);
    return {
      idle,
      startPeak,
      load: Math.max(load, s.rssMb()),
      export: exported.peakRssMb,
      peak: s.peakRssMb(),
    };
  } finally {
    await s.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

console.log("variant   idle  start peak  under load  export  whole-life peak   (RSS MB)");
for (let r = 0; r < Number(opt.rounds); r++)
  for (const [name, exe] of variants) {
    const m = await round(exe!);
    const f = (n: number) => n.toFixed(0).padStart(6);
    console.log(
      `${name!.padEnd(8)}${f(m.idle)}${f(m.startPeak)}      ${f(m.load)}    ${f(m.export)}  ${f(m.peak)}`,
    );
  }
