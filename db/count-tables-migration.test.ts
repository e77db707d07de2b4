import { afterAll, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDatabase } from "./client";
import { runMigrations } from "./migrate";
import { migrationsBefore } from "./migrations-before";

const dir = mkdtempSync(join(tmpdir(), "helpdesk-count-tables-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const TABLES = ["ticket_counts", "ticket_assignee_counts", "report_created", "report_resolved"];

test("the count tables keep every count and their triggers when rebuilt WITHOUT ROWID", () => {
  const { db, sqlite } = openDatabase(join(dir, "helpdesk.sqlite"));
  runMigrations(
    db,
    migrationsBefore(dir, (_, sql) => sql.includes("`__new_ticket_counts`")),
  );
  const insert = sqlite.query(
    `insert into tickets (ticket_id, first_name, last_name, email, phone, company_name, department, ticket_type, priority, description, status, assigned_to, created_at, updated_at, completed_at)
     values (?, 'Ada', 'Lovelace', 'ada@example.com', '555-123-4567', ?, ?, 'IT', ?, 'Dock needed', ?, ?, ?, ?, ?) returning id`,
  );
  const hour = 3_600_000;
  for (let i = 0; i < 40; i++) {
    const done = i % 3 === 0;
    insert.run(
      `WI-2024-${String(i + 1).padStart(3, "0")}`,
      i % 2 ? "Main Office" : "Harbour",
      i % 4 ? "IT" : "HR",
      i % 5 ? "high" : "low",
      done ? "completed" : "open",
      i % 3 === 1 ? null : String(2 + (i % 2)),
      (i % 7) * hour,
      (i % 7) * hour,
      done ? (i % 7) * hour + hour : null,
    );
  }
  const dump = () => TABLES.map((t) => sqlite.query(`select * from ${t} order by 1, 2, 3, 4, 5, 6`).all());
  const before = dump();
  expect(before.every((rows) => rows.length > 0)).toBe(true);

  runMigrations(db);
  expect(dump()).toEqual(before);
  const withoutRowid = sqlite
    .query(`select name from pragma_table_list where wr = 1 and name in (${TABLES.map(() => "?").join()})`)
    .all(...TABLES);
  expect(withoutRowid.map((r) => (r as { name: string }).name).sort()).toEqual([...TABLES].sort());

  // the triggers on tickets still keep each table, now that it is the rebuilt one
  const counted = (table: string, where: string) =>
    (sqlite.query(`select coalesce(sum(n), 0) as n from ${table} where ${where}`).get() as { n: number }).n;
  const was = [
    counted("ticket_counts", "status = 'burnt'"),
    counted("ticket_assignee_counts", "assigned_to = '2' and status = 'burnt'"),
    counted("report_resolved", "1"),
  ];
  sqlite.run("update tickets set status = 'burnt' where assigned_to = '2' and status = 'open'");
  sqlite.run(
    "update tickets set status = 'completed', completed_at = 99 * 3600000 where assigned_to = '3' and status = 'open'",
  );
  const moved = (
    sqlite.query("select count(*) as n from tickets where assigned_to = '2' and status = 'burnt'").get() as {
      n: number;
    }
  ).n;
  const closed = (
    sqlite.query("select count(*) as n from tickets where completed_at = 99 * 3600000").get() as { n: number }
  ).n;
  expect(moved).toBeGreaterThan(0);
  expect(closed).toBeGreaterThan(0);
  expect([
    counted("ticket_counts", "status = 'burnt'"),
    counted("ticket_assignee_counts", "assigned_to = '2' and status = 'burnt'"),
    counted("report_resolved", "1"),
  ]).toEqual([was[0]! + moved, was[1]! + moved, was[2]! + closed]);
  sqlite.close();
});
