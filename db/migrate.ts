import { migrate } from "drizzle-orm/bun-sqlite/migrator";
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
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

/** drizzle-kit cannot drive bun:sqlite, so migrations are applied at start-up. */
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
