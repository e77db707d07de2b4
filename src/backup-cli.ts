/**
 * `npm run backup [DEST]` (BACKUP_DIR, else DATA_DIR/backups), safe while the server runs; `--verify
 * [FOLDER]` restores one (the newest) to a temp folder and checks it; `npm run restore FOLDER` when stopped.
 * The binary: `helpdesk backup [DEST]`, `helpdesk restore FOLDER`.
 */
import { existsSync, readdirSync } from "node:fs";
import { join, resolve } from "node:path";
import { ConfigError, loadConfig, type Config } from "./config";
import { createBackup, restoreBackup } from "../db/backup";
import { verifyBackupByRestore } from "../db/backup-verify";

export const defaultBackupDir = (config: Config) =>
  resolve(config.backup.dir ?? resolve(config.dataDir, "backups"));

function newestBackup(config: Config): string {
  const dir = defaultBackupDir(config);
  const newest = existsSync(dir)
    ? readdirSync(dir)
        .filter((n) => n.startsWith("helpdesk-"))
        .sort()
        .at(-1)
    : undefined;
  if (!newest) throw new Error(`No backup in ${dir}`);
  return join(dir, newest);
}

function verify(folder: string): number {
  const { rows, files } = verifyBackupByRestore(folder);
  const counts = Object.entries(rows)
    .map(([t, n]) => `${t} ${n}`)
    .join(", ");
  console.log(`Backup ${folder} is good: integrity ok, ${files} attachment files present\nRows: ${counts}`);
  return 0;
}

export function runBackupCommand(args: string[], env = process.env): number {
  const [command, target] = args;
  try {
    const config = loadConfig(env);
    if (command === "backup" && target === "--verify")
      return verify(resolve(args[2] ?? newestBackup(config)));
    if (command === "backup") {
      const started = performance.now();
      const result = createBackup({
        dataDir: config.dataDir,
        destRoot: target ? resolve(target) : defaultBackupDir(config),
      });
      const mb = (result.dbBytes / 1048576).toFixed(1);
      console.log(
        `Backup written to ${result.dir} (database ${mb} MB, ${result.files} files, ${Math.round(performance.now() - started)} ms)`,
      );
      return 0;
    }
    if (command === "restore" && target) {
      const { movedAside } = restoreBackup({ backupDir: target, dataDir: config.dataDir });
      console.log(
        `Restored ${resolve(target)} into ${config.dataDir}` +
          (movedAside ? `; the previous data is in ${movedAside}` : ""),
      );
      return 0;
    }
    console.error(
      "Usage: backup [DEST]  |  backup --verify [FOLDER]  |  restore BACKUP_FOLDER   (DATA_DIR from the environment)",
    );
    return 2;
  } catch (err) {
    console.error(err instanceof ConfigError || err instanceof Error ? err.message : String(err));
    return 1;
  }
}

if (import.meta.main) {
  // `bun src/backup-cli.ts [DEST]` is a backup; `bun src/backup-cli.ts restore FOLDER` a restore.
  const args = process.argv.slice(2);
  process.exit(runBackupCommand(args[0] === "restore" || args[0] === "backup" ? args : ["backup", ...args]));
}
