import { Database } from "bun:sqlite";
import {
  constants,
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
} from "node:fs";
import { join, resolve } from "node:path";

const DB_FILE = "helpdesk.sqlite";
const NAME = /^helpdesk-\d{8}-\d{6}(-\d+)?$/;

export type BackupResult = { dir: string; dbBytes: number; files: number };

const pad = (n: number, w = 2) => String(n).padStart(w, "0");
/** Local time, so folder names match the office clock (TZ). */
function backupName(at: Date) {
  const d = `${at.getFullYear()}${pad(at.getMonth() + 1)}${pad(at.getDate())}`;
  return `helpdesk-${d}-${pad(at.getHours())}${pad(at.getMinutes())}${pad(at.getSeconds())}`;
}

/** Copies files missing from `to` (uploads are never changed in place, so a present name is a done copy). */
function copyNewFiles(from: string, to: string): number {
  if (!existsSync(from)) return 0;
  mkdirSync(to, { recursive: true });
  let copied = 0;
  for (const entry of readdirSync(from, { withFileTypes: true })) {
    const src = join(from, entry.name);
    const dst = join(to, entry.name);
    if (entry.isDirectory()) copied += copyNewFiles(src, dst);
    // A `.part` file is an upload still being received: renamed or deleted at any moment, never a row's file.
    else if (entry.isFile() && !entry.name.endsWith(".part") && !existsSync(dst)) {
      copyFileSync(src, dst, constants.COPYFILE_FICLONE); // a cheap clone where the filesystem can
      copied++;
    }
  }
  return copied;
}

/**
 * A consistent snapshot of a live DATA_DIR: uploads, then `VACUUM INTO` (one read transaction, so nothing
 * half-done), then files written meanwhile. Files are written before their row, so every row's file is in
 * the backup; the folder takes its final name only when complete.
 */
export function createBackup(input: { dataDir: string; destRoot: string; now?: Date }): BackupResult {
  const dataDir = resolve(input.dataDir);
  const destRoot = resolve(input.destRoot);
  const dbPath = join(dataDir, DB_FILE);
  if (!existsSync(dbPath)) throw new Error(`No database at ${dbPath}`);
  mkdirSync(destRoot, { recursive: true });
  let name = backupName(input.now ?? new Date());
  for (let i = 1; existsSync(join(destRoot, name)); i++)
    name = `${backupName(input.now ?? new Date())}-${pad(i, 3)}`; // padded: names sort by age
  const partial = join(destRoot, `.partial-${name}`);
  rmSync(partial, { recursive: true, force: true });
  mkdirSync(partial, { recursive: true });
  try {
    const uploads = join(dataDir, "uploads");
    let files = copyNewFiles(uploads, join(partial, "uploads"));
    // read-write (never written): a read-only handle cannot open a WAL file whose -shm is missing
    const source = new Database(dbPath, { readwrite: true });
    try {
      source.exec("PRAGMA busy_timeout = 8000");
      source.prepare("VACUUM INTO ?").run(join(partial, DB_FILE));
    } finally {
      source.close();
    }
    files += copyNewFiles(uploads, join(partial, "uploads"));
    mkdirSync(join(partial, "uploads"), { recursive: true });
    const dir = join(destRoot, name);
    renameSync(partial, dir);
    return { dir, dbBytes: statSync(join(dir, DB_FILE)).size, files };
  } catch (err) {
    rmSync(partial, { recursive: true, force: true });
    throw err;
  }
}

/** Keeps the newest `keep` backups in destRoot (only folders this module named). */
export function pruneBackups(destRoot: string, keep: number): string[] {
  if (!existsSync(destRoot)) return [];
  const all = readdirSync(destRoot)
    .filter((n) => NAME.test(n))
    .sort();
  const old = all.slice(0, Math.max(0, all.length - keep));
  for (const n of old) rmSync(join(destRoot, n), { recursive: true, force: true });
  return old;
}

/** Checks a backup folder before it replaces anything: the snapshot opens and passes integrity_check. */
function verifyBackup(dir: string) {
  const path = join(resolve(dir), DB_FILE);
  if (!existsSync(path)) throw new Error(`${dir} is not a backup folder (no ${DB_FILE})`);
  const db = new Database(path, { readonly: true });
  try {
    const row = db.query("PRAGMA integrity_check").get() as { integrity_check: string };
    if (row.integrity_check !== "ok") throw new Error(`Backup database is damaged: ${row.integrity_check}`);
  } finally {
    db.close();
  }
}

/**
 * Replaces DATA_DIR's database and uploads with a backup's (server stopped). The current ones,
 * with any -wal/-shm (which must never meet another database file), move to DATA_DIR/pre-restore-<time>.
 */
export function restoreBackup(input: { backupDir: string; dataDir: string; now?: Date }): {
  movedAside?: string;
} {
  const src = resolve(input.backupDir);
  const dataDir = resolve(input.dataDir);
  verifyBackup(src);
  mkdirSync(dataDir, { recursive: true });
  const current = [DB_FILE, `${DB_FILE}-wal`, `${DB_FILE}-shm`, "uploads"].filter((n) =>
    existsSync(join(dataDir, n)),
  );
  let movedAside: string | undefined;
  if (current.length) {
    movedAside = join(
      dataDir,
      `pre-restore-${backupName(input.now ?? new Date()).slice("helpdesk-".length)}`,
    );
    mkdirSync(movedAside, { recursive: true });
    for (const n of current) renameSync(join(dataDir, n), join(movedAside, n));
  }
  copyFileSync(join(src, DB_FILE), join(dataDir, DB_FILE));
  copyNewFiles(join(src, "uploads"), join(dataDir, "uploads"));
  mkdirSync(join(dataDir, "uploads"), { recursive: true });
  return { movedAside };
}
