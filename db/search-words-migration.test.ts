// The word index is built for the tickets, notes and files a database already holds when it is added.
import { afterAll, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDatabase } from "./client";
import { runMigrations } from "./migrate";
import { migrationsBefore } from "./migrations-before";

const dir = mkdtempSync(join(tmpdir(), "helpdesk-words-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

test("migration – the word index holds every existing ticket's requester, notes and file names", () => {
  const { db, sqlite } = openDatabase(join(dir, "helpdesk.sqlite"));
  runMigrations(
    db,
    migrationsBefore(dir, (tag) => tag.endsWith("search_words")),
  );
  const now = Date.now();
  const insert = sqlite.prepare(
    `insert into tickets (ticket_id, first_name, last_name, email, phone, company_name, department, ticket_type, priority, description, status, created_at, updated_at)
     values (?, ?, 'Brown', 'victor@example.com', '555-123-4567', 'Main Office', 'IT', 'IT', 'high', 'Laptop', 'open', ?, ?)`,
  );
  for (let i = 1; i <= 300; i++) insert.run(`WI-2026-${String(i).padStart(3, "0")}`, `Victor${i}`, now, now);
  sqlite.run(
    "insert into ticket_notes (ticket_id, note, is_internal, created_at) values (7, 'quartermaster', 1, ?)",
    [now],
  );
  sqlite.run(
    `insert into file_attachments (ticket_id, file_name, original_name, file_size, mime_type, file_path, is_internal, created_at)
     values (9, 's.bin', 'invoice.pdf', 1, 'application/pdf', 'x/s.bin', 0, ?)`,
    [now],
  );
  runMigrations(db);
  const match = (q: string) =>
    sqlite
      .query("select rowid from ticket_words where ticket_words match ? order by rowid")
      .values(q)
      .map((r) => r[0]);
  expect(match('"brown"')).toHaveLength(300);
  expect(match('"victor12" AND "brown"')).toEqual([12]);
  expect(match('"quartermaster"')).toEqual([7]);
  expect(match('"invoice"')).toEqual([9]);
  sqlite.close();
});
