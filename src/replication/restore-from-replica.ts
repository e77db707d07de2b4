import { existsSync, mkdirSync, readFileSync, renameSync } from "node:fs";
import { join, resolve } from "node:path";
import type { Config } from "../config";
import { verifyBackupByRestore, type VerifyResult } from "../../db/backup-verify";
import { copyNewUploads } from "./uploads-copy";

export type ReplicaRestore = { configPath: string; at?: Date; filesDir?: string; litestream?: string };

/** The npm package's binary, when installed beside this project (an optional dependency). */
const packaged = resolve(
  import.meta.dir,
  `../../node_modules/@flydotio/litestream-${process.platform}-${process.arch}/litestream`,
);

/** The Litestream executable: given, the npm package's (linux-x64), or on PATH. */
function findLitestream(given?: string): string {
  const bin = given ?? (existsSync(packaged) ? packaged : Bun.which("litestream"));
  if (!bin || !existsSync(bin)) throw new Error("Litestream is not installed: put `litestream` on PATH");
  return bin;
}

/** The database a Litestream config replicates (its first `dbs` entry), with `$VAR`s expanded as Litestream does. */
export function replicatedPath(configText: string): string {
  const dbs = configText.slice(configText.search(/^dbs:/m));
  const path = /^\s*-\s*path:\s*["']?([^"'\s]+)/m.exec(dbs)?.[1];
  if (!path) throw new Error("The Litestream config names no database (dbs: - path: ...)");
  return path.replace(/\$\{?(\w+)\}?/g, (_, name: string) => process.env[name] ?? "");
}

/** The current database (with its -wal/-shm and Litestream's shadow folder) and uploads move aside, never away. */
function moveAside(dataDir: string, now: Date): string | undefined {
  const names = [
    "helpdesk.sqlite",
    "helpdesk.sqlite-wal",
    "helpdesk.sqlite-shm",
    ".helpdesk.sqlite-litestream",
    "uploads",
  ];
  const present = names.filter((n) => existsSync(join(dataDir, n)));
  if (!present.length) return undefined;
  const aside = join(dataDir, `pre-restore-${now.toISOString().replace(/[:.]/g, "-")}`);
  mkdirSync(aside, { recursive: true });
  for (const n of present) renameSync(join(dataDir, n), join(aside, n));
  return aside;
}

/**
 * Rebuilds DATA_DIR (server stopped) from Litestream's replica, at its latest position or at `at`, and
 * the uploads from their copy; then checks the result as `backup --verify` does.
 */
export async function restoreFromReplica(config: Config, r: ReplicaRestore, now = new Date()) {
  const bin = findLitestream(r.litestream);
  const filesDir = r.filesDir ?? config.replication.uploadsCopyDir;
  if (!filesDir || !existsSync(filesDir))
    throw new Error("No uploads copy to restore files from: pass --files DIR or set UPLOADS_COPY_DIR");
  mkdirSync(config.dataDir, { recursive: true });
  const movedAside = moveAside(config.dataDir, now);
  const args = [bin, "restore", "-config", resolve(r.configPath), "-o", config.dbPath];
  if (r.at) args.push("-timestamp", r.at.toISOString());
  const source = replicatedPath(readFileSync(r.configPath, "utf8"));
  const run = Bun.spawnSync([...args, source], { stdout: "pipe", stderr: "pipe" });
  if (run.exitCode !== 0 || !existsSync(config.dbPath))
    throw new Error(`litestream restore failed: ${(run.stderr.toString() || run.stdout.toString()).trim()}`);
  const files = await copyNewUploads(filesDir, config.uploadsDir, new Set());
  mkdirSync(config.uploadsDir, { recursive: true });
  const verified: VerifyResult = verifyBackupByRestore(config.dataDir);
  return { movedAside, files, verified };
}

/** `restore --from-replica CONFIG [--at TIME] [--files DIR]`, already split into words. */
export function parseReplicaRestore(args: string[]): ReplicaRestore {
  const value = (flag: string) => {
    const i = args.indexOf(flag);
    return i >= 0 ? args[i + 1] : undefined;
  };
  const configPath = value("--from-replica");
  if (!configPath)
    throw new Error("Usage: restore --from-replica LITESTREAM_CONFIG [--at TIME] [--files DIR]");
  const atText = value("--at");
  const at = atText ? new Date(atText) : undefined;
  if (at && Number.isNaN(at.getTime()))
    throw new Error(`--at ${atText} is not a time (use 2026-11-28T09:30:00Z)`);
  const files = value("--files");
  return { configPath, at, filesDir: files ? resolve(files) : undefined };
}
