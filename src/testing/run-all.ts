/**
 * `npm test`: the static gates (format, lint, typecheck, unused code), then unit + API tests (bun test),
 * then browser tests (Playwright, Chromium). A failed gate does not stop the suites, so CI shows everything.
 * Ends with one plain line `N passed, N failed` for CI.
 */
import { join, resolve } from "node:path";
import { readFileSync, existsSync, mkdirSync } from "node:fs";
import { runGates } from "./gates";

const root = resolve(import.meta.dir, "../..");
const bin = (name: string) => join(root, "node_modules/.bin", name);
mkdirSync(join(root, "test-results"), { recursive: true });

function run(cmd: string[], env: Record<string, string> = {}) {
  const proc = Bun.spawnSync(cmd, {
    cwd: root,
    env: { ...process.env, ...env },
    stdout: "pipe",
    stderr: "pipe",
  });
  const out = proc.stdout.toString() + proc.stderr.toString();
  process.stdout.write(out);
  return { code: proc.exitCode, out };
}

const gates = runGates();

// bun test prints " N pass" / " N fail" in its summary.
// bun applies a preload's default timeout to the first file only; the flag holds for every file.
const unit = run([bin("bun"), "test", "--timeout", "30000"]);
const count = (re: RegExp, text: string) => Number(text.match(re)?.[1] ?? 0);
let passed = gates.passed + count(/^\s*(\d+) pass$/m, unit.out);
let failed = gates.failed + count(/^\s*(\d+) fail$/m, unit.out);
if (unit.code !== 0 && failed === 0) failed = 1; // a crash before the summary still fails the run

// Every attack on the real process again with two server processes sharing the port: limits,
// throttles, stream bounds, crashes and deliveries must hold across them, not per process.
const shared = run([bin("bun"), "test", "--timeout", "60000", "src/hardening"], { HARDENING_WORKERS: "2" });
passed += count(/^\s*(\d+) pass$/m, shared.out);
failed += count(/^\s*(\d+) fail$/m, shared.out);
if (shared.code !== 0 && !count(/^\s*(\d+) fail$/m, shared.out)) failed += 1;

if (!process.env.SKIP_E2E) {
  const e2e = run([bin("playwright"), "test", "-c", "src/e2e"]);
  const report = join(root, "test-results/e2e.json");
  if (existsSync(report)) {
    const stats = JSON.parse(readFileSync(report, "utf8")).stats ?? {};
    passed += (stats.expected ?? 0) + (stats.flaky ?? 0);
    failed += stats.unexpected ?? 0;
  }
  if (e2e.code !== 0 && !existsSync(report)) failed += 1;
}

console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
