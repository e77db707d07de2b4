import { afterAll, expect, test } from "bun:test";
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDatabase } from "./client";
import { migrationsFolder, runMigrations } from "./migrate";

const dir = mkdtempSync(join(tmpdir(), "helpdesk-channel-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

type Journal = { entries: { tag: string }[] };
const journal = JSON.parse(readFileSync(join(migrationsFolder, "meta/_journal.json"), "utf8")) as Journal;
const sqlOf = (tag: string) => readFileSync(join(migrationsFolder, `${tag}.sql`), "utf8");

/** The migration folder as it was before the channel column came. */
function beforeChannel() {
  const at = journal.entries.findIndex((e) => sqlOf(e.tag).includes("ADD `channel`"));
  expect(at).toBeGreaterThan(0);
  const out = join(dir, "before");
  mkdirSync(join(out, "meta"), { recursive: true });
  const entries = journal.entries.slice(0, at);
  writeFileSync(join(out, "meta/_journal.json"), JSON.stringify({ ...journal, entries }));
  for (const e of entries) copyFileSync(join(migrationsFolder, `${e.tag}.sql`), join(out, `${e.tag}.sql`));
  return out;
}

test("existing tickets get a channel: e-mail for those an e-mail opened, the portal for the rest", () => {
  const { db, sqlite } = openDatabase(join(dir, "helpdesk.sqlite"));
  runMigrations(db, beforeChannel());
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
