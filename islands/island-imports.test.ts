import { describe, expect, test } from "bun:test";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, resolve } from "node:path";

const root = resolve(import.meta.dir, "..");
const files = (dir: string): string[] =>
  readdirSync(dir).flatMap((n) => {
    const p = join(dir, n);
    return statSync(p).isDirectory() ? files(p) : /\.(ts|tsx)$/.test(n) && !n.includes(".test.") ? [p] : [];
  });

describe("island boundary", () => {
  // Islands run in the browser: they import only islands/, src/shared/, src/ui/, the catalogs of src/i18n/
  // (not its server files), and types from routes/.
  test("islands import no server code", () => {
    const offenders: string[] = [];
    for (const file of files(join(root, "islands"))) {
      if (file.endsWith("registry.server.ts")) continue;
      for (const m of readFileSync(file, "utf8").matchAll(/^import\s+(type\s+)?[^"']*["']([^"']+)["']/gm)) {
        const [, isType, spec] = m;
        if (!spec || isType) continue;
        const bad =
          spec.startsWith("bun:") ||
          spec.startsWith("drizzle-orm") ||
          spec.startsWith("node:") ||
          /\.\.\/(db|routes)\//.test(spec) ||
          (/src\//.test(spec) && !/src\/(shared|ui|i18n)\//.test(spec)) ||
          /src\/i18n\/(server|compile|build-plugin)/.test(spec);
        if (bad) offenders.push(`${file.slice(root.length + 1)} → ${spec}`);
      }
    }
    expect(offenders).toEqual([]);
  });

  test("the built client bundle carries no database code and React's production build", () => {
    const out = join(root, "public/build");
    const js = readdirSync(out)
      .filter((n) => n.endsWith(".js"))
      .map((n) => readFileSync(join(out, n), "utf8"))
      .join("\n");
    expect(js).not.toContain("bun:sqlite");
    expect(js).not.toContain("drizzle-orm");
    expect(js).not.toContain("react-dom.development");
  });
});
