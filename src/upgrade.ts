/**
 * Upgrades that can be undone: pending migrations are listed without applying them, and a database
 * with migrations to apply is backed up first. The migrations of one start run in one transaction.
 */
import type { Database } from "bun:sqlite";
import { existsSync, readdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import type { Db } from "../db/client";
import { createBackup } from "../db/backup";
import { knownMigrations, migrationStatus, runMigrations } from "../db/migrate";
import type { Config } from "./config";
import { defaultBackupDir } from "./backup-cli";
import { log } from "./log";

/** A start stopped by a failed migration; its message says what to do, so it is printed without a stack. */
export class MigrationError extends Error {}

export const preMigrationDir = (config: Config) => join(defaultBackupDir(config), "pre-migration");

/** Backs up (when an existing database has migrations to apply), then migrates; returns the backup. */
export function migrateWithBackup(input: {
  config: Config;
  sqlite: Database;
  db: Db;
  folder?: string;
}): string | undefined {
  const { applied, pending } = migrationStatus(input.sqlite, input.folder);
  let backup: string | undefined;
  if (pending.length && applied.length) {
    try {
      backup = createBackup({ dataDir: input.config.dataDir, destRoot: preMigrationDir(input.config) }).dir;
    } catch (err) {
      throw new MigrationError(
        `Not migrating: the backup before migrations failed (${(err as Error).message}). Nothing was changed; make BACKUP_DIR writable and start again.`,
      );
    }
    // a failed migration changes nothing, so after repeated failed starts one (the newest) copy is enough
    removeOldPreMigrationBackups(input.config, backup);
    log.info("backup before migrations written", { backup, pending });
  }
  try {
    runMigrations(input.db, input.folder);
  } catch (err) {
    const back = backup
      ? ` A backup taken just before is in ${backup}. To go back: stop the service, put the previous ` +
        `version back, and run \`helpdesk restore ${backup}\` (or \`npm run restore -- ${backup}\`).`
      : "";
    throw new MigrationError(
      `Migration failed, nothing was changed (the database is as it was before this start): ${(err as Error).message}.${back}`,
    );
  }
  if (pending.length) log.info("migrations applied", { applied: pending });
  return backup;
}

/** After a successful start, earlier pre-migration backups are no longer needed; this start's stays. */
export function removeOldPreMigrationBackups(config: Config, keep?: string) {
  const dir = preMigrationDir(config);
  if (!existsSync(dir)) return;
  for (const name of readdirSync(dir))
    if (join(dir, name) !== keep) rmSync(join(dir, name), { recursive: true, force: true });
}

/** `helpdesk upgrade-check`: what the next start would apply, without touching the database. */
export function upgradeCheck(config: Config, sqlite: Database | undefined): string {
  const { applied, pending } = sqlite
    ? migrationStatus(sqlite)
    : { applied: [] as string[], pending: knownMigrations().map((m) => m.tag) };
  const lines = [`Database: ${config.dbPath}${sqlite ? "" : " (not created yet)"}`];
  lines.push(`Applied migrations: ${applied.length}${applied.length ? ` (last ${applied.at(-1)})` : ""}`);
  if (!pending.length) lines.push("Pending migrations: none, the database is up to date");
  else
    lines.push(
      "Pending migrations (applied at the next start; an existing database is backed up first):",
      ...pending.map((t) => `  ${t}`),
    );
  return lines.join("\n");
}
