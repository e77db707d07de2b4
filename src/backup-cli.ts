/**
 * `npm run backup [DEST]`, safe while the server runs; `--verify [FOLDER]` checks one in a temp folder;
 * `npm run restore FOLDER` (server stopped), or `-- --from-replica CONFIG [--at TIME] [--files DIR]`
 * from Litestream's replica and the uploads copy. The binary: `helpdesk backup`, `helpdesk restore`.
 */
import { existsSync, readdirSync } from "node:fs";
import { join, resolve } from "node:path";
import { ConfigError, loadConfig, type Config } from "./config";
import { createBackup, restoreBackup } from "../db/backup";
import { verifyBackupByRestore } from "../db/backup-verify";
import { parseReplicaRestore, restoreFromReplica } from "./replication/restore-from-replica";

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

async function fromReplica(config: Config, args: string[]): Promise<number> {
  const { movedAside, files, verified } = await restoreFromReplica(config, parseReplicaRestore(args));
  console.log(
    `Restored the replica into ${config.dataDir} (${files} files copied back)` +
      (movedAside ? `; the previous data is in ${movedAside}` : ""),
  );
  console.log(
    `Checked: integrity ok, ${verified.files} attachment files present, ${verified.rows.tickets ?? 0} tickets`,
  );
  return 0;
}

export async function runBackupCommand(args: string[], env = process.env): Promise<number> {
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
    if (command === "restore" && target === "--from-replica") return await fromReplica(config, args);
    if (command === "restore" && target) {
      const { movedAside } = restoreBackup({ backupDir: target, dataDir: config.dataDir });
      console.log(
        `Restored ${resolve(target)} into ${config.dataDir}` +
          (movedAside ? `; the previous data is in ${movedAside}` : ""),
      );
      return 0;
    }
    console.error(
      "Usage: backup [DEST]  |  backup --verify [FOLDER]  |  restore BACKUP_FOLDER  |  restore --from-replica CONFIG [--at TIME] [--files DIR]   (DATA_DIR from the environment)",
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
  process.exit(
    await runBackupCommand(args[0] === "restore" || args[0] === "backup" ? args : ["backup", ...args]),
  );
}
