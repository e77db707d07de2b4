import { afterAll, expect, test } from "bun:test";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDatabase } from "./client";
import { runMigrations } from "./migrate";
import { createBackup } from "./backup";
import { verifyBackupByRestore } from "./backup-verify";

const dirs: string[] = [];
const temp = () => {
  const d = mkdtempSync(join(tmpdir(), "helpdesk-verify-test-"));
  dirs.push(d);
  return d;
};
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

/** A data folder with one ticket and one attached file, and a backup of it. */
function backedUp() {
  const dataDir = temp();
  mkdirSync(join(dataDir, "uploads"));
  const { sqlite, db } = openDatabase(join(dataDir, "helpdesk.sqlite"));
  runMigrations(db);
  const t = Date.now();
  sqlite
    .query(
      `insert into tickets (ticket_id, first_name, last_name, email, phone, company_name, department, ticket_type, priority, description, status, created_at, updated_at)
       values ('WI-2026-001', 'Ada', 'Lovelace', 'ada@example.com', '555-123-4567', 'Main Office', 'IT', 'IT', 'high', 'Printer jammed', 'open', ?, ?)`,
    )
    .run(t, t);
  sqlite
    .query(
      `insert into file_attachments (ticket_id, file_name, original_name, file_size, mime_type, file_path, created_at)
       values (1, 'a1.txt', 'note.txt', 5, 'text/plain', 'a1.txt', ?)`,
    )
    .run(t);
  writeFileSync(join(dataDir, "uploads/a1.txt"), "hello");
  sqlite.close();
  return createBackup({ dataDir, destRoot: join(temp(), "backups") }).dir;
}

test("backup --verify – a good backup restores with its rows counted and every file present", () => {
  const result = verifyBackupByRestore(backedUp());
  expect(result.files).toBe(1);
  expect(result.rows.tickets).toBe(1);
  expect(result.rows.file_attachments).toBe(1);
});

test("backup --verify – a backup missing an attachment's file fails, naming it", () => {
  const dir = backedUp();
  rmSync(join(dir, "uploads/a1.txt"));
  expect(() => verifyBackupByRestore(dir)).toThrow(/1 attachment file\(s\) missing, e\.g\. a1\.txt/);
});

test("backup --verify – a damaged database fails before anything is counted", () => {
  const dir = backedUp();
  writeFileSync(join(dir, "helpdesk.sqlite"), "not a database at all, just bytes".repeat(200));
  expect(() => verifyBackupByRestore(dir)).toThrow();
});
