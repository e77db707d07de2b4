import { expect, test } from "bun:test";
import { Glob } from "bun";
import { resolve } from "node:path";

const root = resolve(import.meta.dir, "../..");

// Hono builds a new object from every request variable on each `c.var` read; `c.get(name)` is one lookup.
// A request read them ~30 times (deps, user, ip), a few percent of a submission's CPU.
test("request variables – read with c.get(name), never through c.var", async () => {
  const offenders: string[] = [];
  for (const pattern of ["src/**/*.{ts,tsx}", "routes/**/*.{ts,tsx}"])
    for await (const file of new Glob(pattern).scan(root)) {
      if (file.includes(".test.")) continue;
      const text = await Bun.file(resolve(root, file)).text();
      for (const [i, line] of text.split("\n").entries())
        if (/\bc\.var\b/.test(line)) offenders.push(`${file}:${i + 1}`);
    }
  expect(offenders).toEqual([]);
});
