import { expect, test } from "bun:test";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { gzipSync } from "node:zlib";
import { compiledCatalogs } from "../src/i18n/build-plugin";
import { firstLoadFiles } from "../bench/bundles";
import { FIRST_LOAD_BUDGET } from "./bundle-budgets";

const root = resolve(import.meta.dir, "..");

// What the public page fetches before its first screen works: the entry and the chunks it imports
// statically (dynamic import() chunks come later, on demand). Built as src/build.ts builds it.

test("the portal's first screen loads at most 98 KiB of gzip JS, without the query or schema library or any catalog", async () => {
  const out = mkdtempSync(join(tmpdir(), "portal-bundle-"));
  try {
    const result = await Bun.build({
      entrypoints: [join(root, "islands/entries/portal.tsx")],
      outdir: out,
      target: "browser",
      format: "esm",
      splitting: true,
      minify: true,
      define: { "process.env.NODE_ENV": JSON.stringify("production") },
      naming: { entry: "[name].js", chunk: "[name]-[hash].js" },
      plugins: [compiledCatalogs],
    });
    expect(result.success).toBe(true);
    const seen = firstLoadFiles(out, ["portal.js"], []);
    const code = [...seen].map((n) => readFileSync(join(out, n), "utf8")).join("\n");
    const gzipBytes = [...seen].reduce(
      (n, f) => n + gzipSync(readFileSync(join(out, f)), { level: 9 }).length,
      0,
    );
    // the budget the portal had before languages, plus the allowance for the translation runtime
    expect(gzipBytes).toBeLessThanOrEqual(FIRST_LOAD_BUDGET.portal);
    expect(code).not.toContain("No QueryClient set"); // @tanstack/react-query
    expect(code).not.toContain("$ZodType"); // zod
    // Each language's texts are a chunk of their own, fetched for the page's language only.
    expect(code).not.toContain("Welcome to the Support Portal");
    const chunks = result.outputs.map((o) => readFileSync(o.path, "utf8"));
    for (const text of [
      "Welcome to the Support Portal",
      "Willkommen im Support-Portal",
      "Bienvenue sur le portail",
    ])
      expect(chunks.filter((c) => c.includes(text)).length).toBe(1);
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}, 60_000);
