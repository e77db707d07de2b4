import type { Database } from "bun:sqlite";
import { migrate } from "drizzle-orm/bun-sqlite/migrator";
import { mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Db } from "./client";

export const migrationsFolder = fileURLToPath(new URL("./migrations", import.meta.url));

/** The migration set compiled into the single executable: the journal and each tag's SQL. */
export type EmbeddedMigrations = { journal: string; files: Record<string, string> };
let embedded: EmbeddedMigrations | undefined;

export function setEmbeddedMigrations(set: EmbeddedMigrations) {
  embedded = set;
}

type JournalEntry = { tag: string; when: number };
/** The migrations this program ships, oldest first. */
export function knownMigrations(folder?: string): JournalEntry[] {
  const journal =
    !folder && embedded
      ? embedded.journal
      : readFileSync(join(folder ?? migrationsFolder, "meta/_journal.json"), "utf8");
  return (JSON.parse(journal) as { entries: JournalEntry[] }).entries;
}

/** What a database has applied and what this program would apply to it (read only). */
export function migrationStatus(sqlite: Database, folder?: string) {
  const known = knownMigrations(folder);
  const hasTable = sqlite
    .query("select 1 from sqlite_master where type = 'table' and name = '__drizzle_migrations'")
    .get();
  // drizzle applies every journal entry newer than the newest one recorded
  const last = hasTable
    ? (sqlite.query("select max(created_at) as at from __drizzle_migrations").get() as { at: number | null })
        .at
    : null;
  const applied = last === null ? [] : known.filter((m) => m.when <= Number(last));
  const pending = known.filter((m) => !applied.includes(m));
  return { applied: applied.map((m) => m.tag), pending: pending.map((m) => m.tag) };
}

/** The schema a running server reports: how many migrations are applied and the newest one's tag. */
export function schemaVersion(sqlite: Database) {
  const { applied } = migrationStatus(sqlite);
  return { migrations: applied.length, last: applied.at(-1) ?? null };
}

/**
 * drizzle-kit cannot drive bun:sqlite, so migrations are applied at start-up. They run in one
 * transaction: a failing statement rolls back every migration of the run, leaving the file as it was.
 */
export function runMigrations(db: Db, folder?: string) {
  if (folder || !embedded) return migrate(db, { migrationsFolder: folder ?? migrationsFolder });
  // drizzle's migrator reads a folder, so the embedded set is laid out as one for the run
  const dir = mkdtempSync(join(tmpdir(), "helpdesk-migrations-"));
  try {
    mkdirSync(join(dir, "meta"));
    writeFileSync(join(dir, "meta/_journal.json"), embedded.journal);
    for (const [tag, sql] of Object.entries(embedded.files)) writeFileSync(join(dir, `${tag}.sql`), sql);
    migrate(db, { migrationsFolder: dir });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
