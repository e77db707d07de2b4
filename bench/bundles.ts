/** Browser JS a page loads (gzip): its bundle (portal.js or staff.js), the chunks of the page's islands and everything they import. */
import { existsSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { ROOT } from "./server";

const BUILD = join(ROOT, "public/build");
const gz = (name: string) =>
  existsSync(join(BUILD, `${name}.gz`)) ? statSync(join(BUILD, `${name}.gz`)).size : 0;

function imports(dir: string, name: string) {
  const code = readFileSync(join(dir, name), "utf8");
  const fixed = [...code.matchAll(/(?:from|import)\s*"\.\/([^"]+\.js)"/g)].map((m) => m[1]!);
  const lazy = [...code.matchAll(/import\(\s*"\.\/([^"]+\.js)"\s*\)/g)].map((m) => m[1]!);
  return { fixed, lazy };
}

/** Files of a build folder that a page fetches first: its entries, their static imports, and the lazy chunks named after its islands. */
export function firstLoadFiles(dir: string, entries: string[], islands: string[]): string[] {
  const seen = new Set<string>();
  const visit = (name: string) => {
    if (seen.has(name) || !existsSync(join(dir, name))) return;
    seen.add(name);
    const { fixed, lazy } = imports(dir, name);
    fixed.forEach(visit);
    lazy.filter((l) => islands.some((i) => l.startsWith(`${i}-`) || l === `${i}.js`)).forEach(visit);
  };
  entries.forEach(visit);
  return [...seen];
}

/** Sizes for a page's HTML: scripts it references, plus the lazy chunks named after its islands. */
export function pageBundle(html: string): { jsGzipBytes: number; cssGzipBytes: number; files: string[] } {
  const islands = [...html.matchAll(/data-island="([^"]+)"/g)].map((m) => m[1]!);
  const entries = [...html.matchAll(/<script[^>]+src="\/build\/([^"?]+)/g)].map((m) => m[1]!);
  const files = firstLoadFiles(BUILD, entries, islands);
  const css = [...html.matchAll(/<link[^>]+href="\/build\/([^"?]+\.css)/g)].map((m) => m[1]!);
  return {
    jsGzipBytes: files.reduce((n, f) => n + gz(f), 0),
    cssGzipBytes: css.reduce((n, f) => n + gz(f), 0),
    files,
  };
}
