import { afterAll, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDatabase } from "./client";
import { runMigrations } from "./migrate";
import { migrationsBefore } from "./migrations-before";

const dir = mkdtempSync(join(tmpdir(), "helpdesk-channel-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

test("existing tickets get a channel: e-mail for those an e-mail opened, the portal for the rest", () => {
  const { db, sqlite } = openDatabase(join(dir, "helpdesk.sqlite"));
  runMigrations(
    db,
    migrationsBefore(dir, (_, sql) => sql.includes("ADD `channel`")),
  );
  const insert = sqlite.query(
    `insert into tickets (ticket_id, first_name, last_name, email, phone, company_name, department, ticket_type, priority, description, status, created_at, updated_at)
     values (?, 'Ada', 'Lovelace', 'ada@example.com', '555-123-4567', 'Main Office', 'IT', 'IT', 'high', 'Printer on floor two is jammed', 'open', 1, 1) returning id`,
  );
  const web = (insert.all("WI-2024-001")[0] as { id: number }).id;
  const mailed = (insert.all("WI-2024-002")[0] as { id: number }).id;
  const message = sqlite.query(
    "insert into ticket_messages (ticket_id, message_id, direction, note_id, created_at) values (?, ?, ?, ?, 1)",
  );
  message.run(mailed, "<first@example.org>", "in", null);
  message.run(web, "<reply@example.org>", "in", 7); // a reply by mail to a portal ticket
  runMigrations(db);
  expect(sqlite.query("select ticket_id, channel from tickets order by id").all()).toEqual([
    { ticket_id: "WI-2024-001", channel: "portal" },
    { ticket_id: "WI-2024-002", channel: "email" },
  ]);
  sqlite.close();
});
