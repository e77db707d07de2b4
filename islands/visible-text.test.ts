import { expect, test } from "bun:test";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative, resolve } from "node:path";

const root = resolve(import.meta.dir, "..");
const files = (path: string): string[] =>
  statSync(path).isDirectory()
    ? readdirSync(path).flatMap((n) => files(join(path, n)))
    : /\.tsx?$/.test(path) && !path.includes(".test.")
      ? [path]
      : [];

/** Every island and shared component: everything they show comes from the catalog. */
const TRANSLATED = ["islands", "src/ui"]
  .flatMap((p) => files(join(root, p)))
  // its labels are catalog keys, written in English and translated where they are shown
  .filter((f) => !f.endsWith("public-status.ts"));

/**
 * Texts the same in every language: formats and examples, the honeypot's label (for bots), and the mark
 * of an internal note or file.
 */
const SAME_EVERYWHERE = new Set([
  "XXX-XXX-XXXX",
  "WI-2026-001",
  "you@example.com",
  "it@example.com, lead@example.com",
  "Website",
  "Internal",
]);
const catalogKey = /^[a-z][A-Za-z]*\.[\w.]+$/;

const shown = [
  // text between tags (not a type argument list such as `A<B>, C<D>`, not an arrow)
  /(?<![=-])>\s*([^<>{}();=\s,[|][^<>{}();=]*?)\s*<\/?[A-Za-z]/g,
  // attributes a person reads or hears
  /\b(?:label|placeholder|aria-label|title|alt|description|loading|empty)=["']([^"']+)["']/g,
  // toast and dialog texts built in code
  /\b(?:title|description|label|placeholder|message):\s*["'`]([^"'`]+)["'`]/g,
];

test("no island or shared component shows text outside the catalog", () => {
  const found: string[] = [];
  for (const file of TRANSLATED) {
    const code = readFileSync(file, "utf8")
      .replace(/\/\/.*$|\/\*[\s\S]*?\*\//gm, "")
      .replace(/&\w+;/g, "&");
    for (const pattern of shown)
      for (const [, text = ""] of code.matchAll(pattern))
        if (
          /\p{L}{2}/u.test(text) &&
          !SAME_EVERYWHERE.has(text.trim()) &&
          !/^[a-z][a-z_]*$/.test(text) &&
          !catalogKey.test(text) &&
          !text.includes("=>")
        )
          found.push(`${relative(root, file)}: ${text.trim()}`);
  }
  expect(found).toEqual([]);
});
