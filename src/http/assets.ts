import { readFileSync } from "node:fs";
import { resolve } from "node:path";

export const PUBLIC_DIR = resolve(import.meta.dir, "../../public");

/**
 * URL path → file path of the browser assets compiled into the single executable
 * (`npm run build:binary`). Set once by the binary's entry before the app is built; absent under bun.
 */
let embedded: ReadonlyMap<string, string> | undefined;

export function setEmbeddedAssets(files: Record<string, string>) {
  embedded = new Map(Object.entries(files));
}

/** The file behind a public URL path: the embedded copy in the binary, else under public/. */
export function embeddedAsset(urlPath: string): string | undefined {
  return embedded?.get(urlPath);
}

export const hasEmbeddedAssets = () => embedded !== undefined;

/** The build's content hash, used as ?v= on assets so they can be cached for a year. */
export function readAssetVersion(): string {
  try {
    const file = embeddedAsset("/build/version.txt") ?? resolve(PUBLIC_DIR, "build/version.txt");
    return readFileSync(file, "utf8").trim();
  } catch {
    return "dev";
  }
}
