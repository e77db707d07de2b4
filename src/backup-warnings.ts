import { existsSync, statSync } from "node:fs";
import { dirname } from "node:path";
import type { Config } from "./config";
import { defaultBackupDir } from "./backup-cli";
import { backupHealth } from "./backup-status";
import { log } from "./log";

/** The device of a path, or of its nearest existing parent (the backup folder may not exist yet). */
function deviceOf(path: string): number {
  let p = path;
  while (!existsSync(p) && dirname(p) !== p) p = dirname(p);
  return statSync(p).dev;
}

/** Start-up warnings: backups on the data's own disk, and backups that are stale or failed. */
export function warnAboutBackups(config: Config, now: Date) {
  const dir = defaultBackupDir(config);
  if (config.backup.interval !== "0" && deviceOf(dir) === deviceOf(config.dataDir))
    log.warn("backups are on the same disk as the data: set BACKUP_DIR to another disk or a mounted share", {
      backupDir: dir,
    });
  const { warning, lastAt } = backupHealth(config, now);
  if (warning) log.warn(warning, { backupDir: dir, lastBackupAt: lastAt });
}
