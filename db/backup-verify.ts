import { Database } from "bun:sqlite";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { restoreBackup } from "./backup";

export type VerifyResult = { rows: Record<string, number>; files: number; missingFiles: string[] };

/**
 * Restores a backup into a temp folder exactly as `restore` would, then checks the copy:
 * integrity_check, a row count of every table, and every attachment's file present.
 * Throws when the database is damaged or a file is missing.
 */
export function verifyBackupByRestore(backupDir: string): VerifyResult {
  const temp = mkdtempSync(join(tmpdir(), "helpdesk-verify-"));
  try {
    restoreBackup({ backupDir, dataDir: temp });
    const db = new Database(join(temp, "helpdesk.sqlite"), { readwrite: true });
    db.exec("PRAGMA busy_timeout = 8000");
    try {
      const check = db.query("PRAGMA integrity_check").get() as { integrity_check: string };
      if (check.integrity_check !== "ok") throw new Error(`integrity_check: ${check.integrity_check}`);
      const tables = db
        .query(
          "select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name",
        )
        .all() as { name: string }[];
      const rows: Record<string, number> = {};
      // FTS shadow tables are counted through their virtual table only
      for (const { name } of tables.filter((t) => !/_fts_/.test(t.name)))
        rows[name] = (db.query(`select count(*) as n from "${name}"`).get() as { n: number }).n;
      const paths = db.query("select file_path as p from file_attachments").all() as { p: string }[];
      const missingFiles = paths
        .map((r) => basename(r.p))
        .filter((f) => !existsSync(join(temp, "uploads", f)));
      if (missingFiles.length)
        throw new Error(`${missingFiles.length} attachment file(s) missing, e.g. ${missingFiles[0]}`);
      return { rows, files: paths.length, missingFiles };
    } finally {
      db.close();
    }
  } finally {
    rmSync(temp, { recursive: true, force: true });
  }
}
