/**
 * `bun bench/field-submit.ts DATA_DIR [--rounds 6 --requests 2000]` (a folder from `--only fields --keep`):
 * public submit in-process without custom-field values, with five on every submission, and with five on
 * 30 % of them as in the seeded folder, alternating round by round (16 at a time, so commits are grouped
 * as under load), in µs per submission.
 */
import { join } from "node:path";
import { parseArgs } from "node:util";
import { openDatabase } from "../db/client";
import { runMigrations } from "../db/migrate";
import { createApp } from "../src/app";
import { loadConfig } from "../src/config";
import { createDeps } from "../src/deps";
import { addFields, submitBodies } from "./field-values";

const { values: opt, positionals } = parseArgs({
  args: Bun.argv.slice(2),
  strict: false,
  allowPositionals: true,
  options: { rounds: { type: "string", default: "6" }, requests: { type: "string", default: "2000" } },
});
const dir = positionals[0];
if (!dir) throw new Error("usage: bun bench/field-submit.ts DATA_DIR");
addFields(dir);
const config = loadConfig({ DATA_DIR: dir, RATE_LIMIT_PUBLIC_WRITES: "1000000000" });
const { sqlite, db } = openDatabase(join(dir, "helpdesk.sqlite"));
const migrating = performance.now();
runMigrations(db);
console.log(`migrations ${(performance.now() - migrating).toFixed(0)} ms`);
const app = createApp(createDeps({ config, db, sqlite, assetVersion: "bench" }));
const headers = { "Content-Type": "application/json", Origin: "http://localhost", Host: "localhost" };

/** `share`: the part of the submissions that carry the five values, spread evenly. */
async function timed(share: number, count: number) {
  const [plainText, filledText] = submitBodies.map((b) => JSON.stringify(b)) as [string, string];
  const start = Bun.nanoseconds();
  for (let i = 0; i < count; i += 16) {
    const answers = await Promise.all(
      Array.from({ length: 16 }, (_, k) => {
        const n = i + k;
        const body = Math.floor((n + 1) * share) > Math.floor(n * share) ? filledText : plainText;
        return app.request("http://localhost/api/tickets", { method: "POST", headers, body });
      }),
    );
    if (answers.some((r) => r.status !== 201)) throw new Error(`refused: ${await answers[0]!.text()}`);
  }
  return (Bun.nanoseconds() - start) / 1000 / count;
}
const n = Number(opt.requests);
const shares = { without: 0, all: 1, "30 %": 0.3 };
const us: Record<string, number[]> = { without: [], all: [], "30 %": [] };
for (const share of Object.values(shares)) await timed(share, 320);
for (let r = 0; r < Number(opt.rounds); r++)
  for (const [name, share] of Object.entries(shares)) us[name]!.push(await timed(share, n));
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const [a, b, c] = [median(us.without!), median(us.all!), median(us["30 %"]!)];
console.log(`load average ${(await Bun.file("/proc/loadavg").text()).split(" ").slice(0, 3).join(" ")}`);
console.log(
  `submit without values ${a.toFixed(0)} µs · five on every one ${b.toFixed(0)} µs (ratio ${(a / b).toFixed(3)})` +
    ` · five on 30 % ${c.toFixed(0)} µs (ratio ${(a / c).toFixed(3)})`,
);
console.log(
  `rounds (without/all/30 %): ${us.without!.map((x, i) => `${x.toFixed(0)}/${us.all![i]!.toFixed(0)}/${us["30 %"]![i]!.toFixed(0)}`).join(" ")}`,
);
sqlite.close();
