import { expect, test } from "bun:test";
import { Glob } from "bun";
import { resolve } from "node:path";

const root = resolve(import.meta.dir, "../..");

test("write verbs – no service reads a clock itself: the instant comes in as `now`", async () => {
  const offenders: string[] = [];
  for await (const file of new Glob("src/**/*.service.ts").scan(root)) {
    const text = await Bun.file(resolve(root, file)).text();
    for (const [i, line] of text.split("\n").entries())
      if (/\bdeps\.now\(\)|new Date\(\)|Date\.now\(\)/.test(line)) offenders.push(`${file}:${i + 1}`);
  }
  expect(offenders).toEqual([]);
});
