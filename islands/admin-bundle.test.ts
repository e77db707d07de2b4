import { expect, test } from "bun:test";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { gzipSync } from "node:zlib";
import { compiledCatalogs } from "../src/i18n/build-plugin";
import { firstLoadFiles } from "../bench/bundles";
import { FIRST_LOAD_BUDGET } from "./bundle-budgets";

const root = resolve(import.meta.dir, "..");

// What /admin fetches before the queue works: the staff bundle, its static imports and the
// AdminDashboard chunk with its own. Built as src/build.ts builds it.
test("the queue's first screen loads within /admin's budget, without the board's drag library or the phone metadata of Settings", async () => {
  const out = mkdtempSync(join(tmpdir(), "admin-bundle-"));
  try {
    const result = await Bun.build({
      entrypoints: [join(root, "islands/entries/staff.tsx")],
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
    const files = firstLoadFiles(out, ["staff.js"], ["AdminDashboard"]);
    expect(files.some((f) => f.startsWith("AdminDashboard-"))).toBe(true);
    const code = files.map((n) => readFileSync(join(out, n), "utf8")).join("\n");
    const gzipBytes = files.reduce(
      (n, f) => n + gzipSync(readFileSync(join(out, f)), { level: 9 }).length,
      0,
    );
    expect(gzipBytes).toBeLessThanOrEqual(FIRST_LOAD_BUDGET.admin);
    expect(code).not.toContain("sortable-chosen"); // sortablejs: the board and the list editors
    expect(code).not.toContain("country_calling_codes"); // the phone library's metadata, for Settings
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}, 60_000);
