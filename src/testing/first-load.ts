import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { gzipSync } from "node:zlib";
import { compiledCatalogs } from "../i18n/build-plugin";
import { firstLoadFiles } from "../../bench/bundles";

const root = resolve(import.meta.dir, "../..");

export type FirstLoad = { files: string[]; code: string; gzipBytes: number; chunks: string[] };

/**
 * Builds one entry as src/build.ts builds it and hands `check` what a page fetches before its first
 * screen works: the entry, its static imports and the named islands' chunks with theirs.
 */
export async function withFirstLoad(entry: string, islands: string[], check: (load: FirstLoad) => void) {
  const out = mkdtempSync(join(tmpdir(), "first-load-"));
  try {
    const result = await Bun.build({
      entrypoints: [join(root, `islands/entries/${entry}.tsx`)],
      outdir: out,
      target: "browser",
      format: "esm",
      splitting: true,
      minify: true,
      define: { "process.env.NODE_ENV": JSON.stringify("production") },
      naming: { entry: "[name].js", chunk: "[name]-[hash].js" },
      plugins: [compiledCatalogs],
    });
    if (!result.success) throw new Error(`the ${entry} bundle did not build`);
    const files = [...firstLoadFiles(out, [`${entry}.js`], islands)];
    const read = (f: string) => readFileSync(join(out, f));
    check({
      files,
      code: files.map((f) => read(f).toString("utf8")).join("\n"),
      gzipBytes: files.reduce((n, f) => n + gzipSync(read(f), { level: 9 }).length, 0),
      chunks: result.outputs.map((o) => readFileSync(o.path, "utf8")),
    });
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}
