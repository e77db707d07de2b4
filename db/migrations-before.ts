import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { migrationsFolder } from "./migrate";

type Journal = { entries: { tag: string }[] };

/**
 * For tests of a migration: a copy, in `dir`, of the migration folder as it was before the first
 * migration that `isIt` picks by tag and SQL text, so a database can be made as it stood then.
 */
export function migrationsBefore(dir: string, isIt: (tag: string, sql: string) => boolean): string {
  const journal = JSON.parse(readFileSync(join(migrationsFolder, "meta/_journal.json"), "utf8")) as Journal;
  const sqlOf = (tag: string) => readFileSync(join(migrationsFolder, `${tag}.sql`), "utf8");
  const at = journal.entries.findIndex((e) => isIt(e.tag, sqlOf(e.tag)));
  if (at < 1) throw new Error("no such migration after the first");
  const out = join(dir, "migrations-before");
  mkdirSync(join(out, "meta"), { recursive: true });
  const entries = journal.entries.slice(0, at);
  writeFileSync(join(out, "meta/_journal.json"), JSON.stringify({ ...journal, entries }));
  for (const e of entries) copyFileSync(join(migrationsFolder, `${e.tag}.sql`), join(out, `${e.tag}.sql`));
  return out;
}
