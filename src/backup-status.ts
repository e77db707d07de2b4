/**
 * How current the backups are, read from the backup folder itself (so a manual `backup` counts too)
 * and from a small status file the scheduled job writes, which every server process can read.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import type { Config } from "./config";
import { defaultBackupDir } from "./backup-cli";
import { parseInterval } from "./backup-interval";

const NAME = /^helpdesk-\d{8}-\d{6}(-\d+)?$/;
type StatusFile = { since?: string; failedAt?: string; error?: string };
const statusPath = (config: Config) => join(config.dataDir, "backup-status.json");

function readStatus(config: Config): StatusFile {
  try {
    return JSON.parse(readFileSync(statusPath(config), "utf8")) as StatusFile;
  } catch {
    return {};
  }
}

export function writeStatus(config: Config, patch: StatusFile) {
  const path = statusPath(config);
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, JSON.stringify({ ...readStatus(config), ...patch }));
}

/** Records when scheduled backups began, the reference while none exists yet (kept across restarts). */
export function markScheduled(config: Config, now: Date) {
  if (!readStatus(config).since) writeStatus(config, { since: now.toISOString() });
}

/** When the newest complete backup in the backup folder was written, or null. */
export function newestBackupAt(config: Config): Date | null {
  const dir = defaultBackupDir(config);
  if (!existsSync(dir)) return null;
  const newest = readdirSync(dir)
    .filter((n) => NAME.test(n))
    .sort()
    .at(-1);
  return newest ? statSync(join(dir, newest)).mtime : null;
}

export type BackupHealth = { lastAt: string | null; warning: string | null };

/** A warning once the newest backup is older than two intervals, or the last scheduled one failed. */
export function backupHealth(config: Config, now: Date): BackupHealth {
  const every = parseInterval(config.backup.interval);
  const last = newestBackupAt(config);
  const status = readStatus(config);
  const lastAt = last?.toISOString() ?? null;
  if (every <= 0) return { lastAt, warning: "Automatic backups are off (BACKUP_INTERVAL=0)" };
  if (status.failedAt && (!last || new Date(status.failedAt) > last))
    return { lastAt, warning: `The last backup failed: ${status.error ?? "unknown error"}` };
  const since = last ?? (status.since ? new Date(status.since) : now);
  if (now.getTime() - since.getTime() > 2 * every)
    return {
      lastAt,
      warning: last
        ? `The last backup is from ${lastAt}, older than two intervals`
        : "No backup was written yet",
    };
  return { lastAt, warning: null };
}
