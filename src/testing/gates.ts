/**
 * Static gates that `npm test` runs before the suites, and `npm run check` runs alone: format, lint (with the
 * folder import rules), typecheck, unused code. Each prints one line when it passes and its full output plus a
 * hint when it fails; each counts as one passed or failed test.
 */
import { basename, join, resolve } from "node:path";

const root = resolve(import.meta.dir, "../..");
const bin = (name: string) => join(root, "node_modules/.bin", name);

type Gate = { name: string; cmd: string[]; hint: string };

const GATES: Gate[] = [
  {
    name: "format",
    cmd: [bin("biome"), "format", "."],
    hint: "run `npm run format` (biome format --write .) and commit the result",
  },
  {
    name: "lint",
    cmd: [bin("biome"), "lint", "--error-on-warnings", "--max-diagnostics=50", "."],
    hint: "fix each finding; `npx biome lint --write .` applies the safe fixes, and a layer rule's message says where the code belongs",
  },
  {
    name: "typecheck",
    cmd: [bin("tsc"), "--noEmit"],
    hint: "fix the type errors above (`npm run typecheck`); unused locals and parameters count as errors",
  },
  {
    name: "unused code",
    cmd: [bin("knip")],
    hint: "delete what knip lists (or drop its `export`); a file started by path belongs in knip.jsonc's entry list",
  },
];

export function runGates(): { passed: number; failed: number; failures: string[] } {
  let passed = 0;
  let failed = 0;
  const failures: string[] = [];
  for (const gate of GATES) {
    const started = performance.now();
    const proc = Bun.spawnSync(gate.cmd, { cwd: root, env: process.env, stdout: "pipe", stderr: "pipe" });
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    if (proc.exitCode === 0) {
      passed += 1;
      console.log(`gate ${gate.name}: passed (${seconds} s)`);
      continue;
    }
    failed += 1;
    failures.push(`gate ${gate.name}`);
    const command = [basename(gate.cmd[0]!), ...gate.cmd.slice(1)].join(" ");
    console.log(`\n━━ gate ${gate.name}: FAILED (${command}, ${seconds} s) ━━`);
    process.stdout.write(proc.stdout.toString() + proc.stderr.toString());
    console.log(`━━ gate ${gate.name}: FAILED — ${gate.hint}\n`);
  }
  return { passed, failed, failures };
}

if (import.meta.main) {
  const { passed, failed } = runGates();
  console.log(`${passed} passed, ${failed} failed`);
  process.exit(failed > 0 ? 1 : 0);
}
