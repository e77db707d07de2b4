/**
 * The browser bundle's source stamp: a hash of everything the islands are built from, written by
 * `npm run build` and compared by `npm start`, which refuses a missing or stale bundle.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative, resolve } from "node:path";

export const ROOT = resolve(import.meta.dir, "..");
const SOURCES = ["islands", "src/ui", "src/shared", "package-lock.json"];
export const STAMP_FILE = "public/build/sources.sha256";

const walk = (path: string): string[] =>
  statSync(path).isDirectory()
    ? readdirSync(path)
        .sort()
        .flatMap((n) => walk(join(path, n)))
    : [path];

/** Hash of the bundle's sources: file names and contents, in a fixed order. */
export function sourcesHash(root = ROOT): string {
  const hasher = new Bun.CryptoHasher("sha256");
  for (const source of SOURCES) {
    const path = join(root, source);
    if (!existsSync(path)) continue;
    for (const file of walk(path)) {
      if (/\.test\.tsx?$/.test(file)) continue; // tests are not in the bundle
      hasher.update(relative(root, file));
      hasher.update(readFileSync(file));
    }
  }
  return hasher.digest("hex");
}

/** Null when the bundle matches its sources; otherwise what is wrong and how to fix it. */
export function bundleProblem(root = ROOT): string | null {
  const stamp = join(root, STAMP_FILE);
  if (!existsSync(stamp))
    return "The browser bundle is missing (public/build). Run `npm run build` first (it needs the dev dependencies).";
  if (readFileSync(stamp, "utf8").trim() !== sourcesHash(root))
    return "The browser bundle is older than its sources (islands/, src/ui/, src/shared/ or the lock file changed). Run `npm run build`.";
  return null;
}

if (import.meta.main) {
  const problem = bundleProblem();
  if (problem) {
    console.error(problem);
    process.exit(1);
  }
}
