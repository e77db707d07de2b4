/**
 * `npm test`: the static gates, then bun test, then Playwright; a failed gate does not stop the suites, so CI
 * shows everything. Ends with what failed, then `N passed, N failed`, so a log cut to its last lines still
 * says which test failed.
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

type Suite = { title: string; file?: string; specs?: { title: string; ok: boolean }[]; suites?: Suite[] };

/** "file › title" of every spec the Playwright JSON report marks as not ok. */
function failedSpecs(report: { suites?: Suite[] }): string[] {
  const walk = (suite: Suite, file: string): string[] => [
    ...(suite.specs ?? []).filter((s) => !s.ok).map((s) => `${file} › ${s.title}`),
    ...(suite.suites ?? []).flatMap((child) => walk(child, child.file ?? file)),
  ];
  return (report.suites ?? []).flatMap((s) => walk(s, s.file ?? s.title));
}

const gates = runGates();
const failures = [...gates.failures];
/** bun test's "(fail) describe > test" lines, with their file, run, and the error printed before each. */
function failedIn(run: string, out: string) {
  const seen = new Set<string>();
  let file = "";
  let error: string[] | null = null; // from an "error:" line to the test's verdict
  for (const line of out.split("\n")) {
    const heading = /^(\S+\.test\.tsx?):$/.exec(line);
    if (heading) file = heading[1]!;
    if (/^error: /.test(line)) error = [];
    const failed = /^\(fail\) (.+)$/.exec(line)?.[1];
    // the summary at the end repeats each failure: keep the first, under the file it ran in
    if (failed && !seen.has(failed)) {
      seen.add(failed);
      failures.push([`${run}: ${file} › ${failed}`, ...(error ?? []).map((l) => `      ${l}`)].join("\n"));
    }
    if (/^\((pass|fail|skip|todo)\) /.test(line)) error = null;
    else if (error && error.length < 12 && line.trim() && !/^\s+at /.test(line)) error.push(line);
  }
}

// bun test prints " N pass" / " N fail" in its summary.
// bun applies a preload's default timeout to the first file only; the flag holds for every file.
const unit = run([bin("bun"), "test", "--timeout", "30000"]);
const count = (re: RegExp, text: string) => Number(text.match(re)?.[1] ?? 0);
let passed = gates.passed + count(/^\s*(\d+) pass$/m, unit.out);
let failed = gates.failed + count(/^\s*(\d+) fail$/m, unit.out);
if (unit.code !== 0 && failed === 0) failed = 1; // a crash before the summary still fails the run
failedIn("bun test", unit.out);

// Every attack on the real process again with two server processes sharing the port: limits,
// throttles, stream bounds, crashes and deliveries must hold across them, not per process.
const shared = run([bin("bun"), "test", "--timeout", "60000", "src/hardening"], { HARDENING_WORKERS: "2" });
passed += count(/^\s*(\d+) pass$/m, shared.out);
failed += count(/^\s*(\d+) fail$/m, shared.out);
if (shared.code !== 0 && !count(/^\s*(\d+) fail$/m, shared.out)) failed += 1;
failedIn("hardening, 2 processes", shared.out);

if (!process.env.SKIP_E2E) {
  const e2e = run([bin("playwright"), "test", "-c", "src/e2e"]);
  const report = join(root, "test-results/e2e.json");
  if (existsSync(report)) {
    const parsed = JSON.parse(readFileSync(report, "utf8"));
    const stats = parsed.stats ?? {};
    passed += (stats.expected ?? 0) + (stats.flaky ?? 0);
    failed += stats.unexpected ?? 0;
    failures.push(...failedSpecs(parsed).map((t) => `browser: ${t}`));
  }
  if (e2e.code !== 0 && !existsSync(report)) failed += 1;
}

if (failures.length) console.log(`\nFailed:\n${failures.map((f) => `  ${f}`).join("\n")}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
