import { afterEach, beforeEach, expect, test } from "bun:test";
import { existsSync, mkdirSync, mkdtempSync, rmSync, utimesSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { removeStaleTurnDirs, TURNS_PREFIX } from "./stale-turns";
import { serveWriteTurns } from "./write-turn-server";

const BUN = join(import.meta.dir, "../../node_modules/.bin/bun");
let parent: string;
beforeEach(() => {
  parent = mkdtempSync(join(tmpdir(), "stale-turns-test-"));
});
afterEach(() => rmSync(parent, { recursive: true, force: true }));

const age = (dir: string, ms: number) =>
  utimesSync(dir, new Date(Date.now() - ms), new Date(Date.now() - ms));

test("stale turns – a killed supervisor's directory is removed; a live one, a young one and others stay", async () => {
  // A supervisor killed with kill -9 never removes its directory.
  const script = `const { serveWriteTurns } = await import(${JSON.stringify(join(import.meta.dir, "write-turn-server.ts"))});
    console.log(serveWriteTurns(${JSON.stringify(parent)}).path); setInterval(() => {}, 1000);`;
  const killed = Bun.spawn([BUN, "-e", script], { stdout: "pipe" });
  const reader = killed.stdout.getReader();
  const deadDir = dirname(new TextDecoder().decode((await reader.read()).value).trim());
  killed.kill(9);
  await killed.exited;
  expect(deadDir.startsWith(join(parent, TURNS_PREFIX))).toBe(true);
  expect(existsSync(join(deadDir, "turns.sock"))).toBe(true);
  const live = serveWriteTurns(parent);
  const young = join(parent, `${TURNS_PREFIX}young`);
  const other = join(parent, "someone-else");
  mkdirSync(young);
  mkdirSync(other);
  for (const dir of [deadDir, dirname(live.path), other]) age(dir, 120_000);

  await removeStaleTurnDirs(parent);
  expect(existsSync(deadDir)).toBe(false);
  expect(existsSync(live.path)).toBe(true);
  expect(existsSync(young)).toBe(true);
  expect(existsSync(other)).toBe(true);
  live.stop();
}, 20_000);
