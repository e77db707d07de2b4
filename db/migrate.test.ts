import { afterAll, expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDatabase } from "./client";
import { migrationsFolder, runMigrations } from "./migrate";
import { signInCookie, startServerAt } from "../bench/server";

const dirs: string[] = [];
const temp = (tag: string) => {
  const d = mkdtempSync(join(tmpdir(), `helpdesk-${tag}-`));
  dirs.push(d);
  return d;
};
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

type Journal = { entries: { tag: string }[] };
const journal = JSON.parse(readFileSync(join(migrationsFolder, "meta/_journal.json"), "utf8")) as Journal;

/** The migration folder as it was when only the first migration existed. */
function firstMigrationOnly() {
  const dir = temp("m0000");
  mkdirSync(join(dir, "meta"));
  const first = journal.entries[0]!;
  writeFileSync(join(dir, "meta/_journal.json"), JSON.stringify({ ...journal, entries: [first] }));
  copyFileSync(join(migrationsFolder, `${first.tag}.sql`), join(dir, `${first.tag}.sql`));
  return dir;
}

/** Tables, indexes and triggers by name and SQL, which the upgraded and a fresh database must share. */
const schemaOf = (path: string) => {
  const db = new Database(path, { readonly: true });
  const rows = db
    .query("select type, name, sql from sqlite_master where name not like 'sqlite_%' order by type, name")
    .all();
  db.close();
  return rows;
};

test("upgrade – a database made by the first migration is migrated in place at start and keeps its tickets", async () => {
  const dataDir = temp("old");
  mkdirSync(join(dataDir, "uploads"));
  const old = openDatabase(join(dataDir, "helpdesk.sqlite"));
  runMigrations(old.db, firstMigrationOnly());
  const t = Date.parse("2024-03-05T10:00:00Z");
  old.sqlite
    .query(
      `insert into tickets (ticket_id, first_name, last_name, email, phone, company_name, department, ticket_type, priority, description, status, created_at, updated_at)
       values ('WI-2024-001', 'Ada', 'Lovelace', 'ada@example.com', '555-123-4567', 'Main Office', 'IT', 'IT', 'high', 'Printer on floor two is jammed', 'open', ?, ?)`,
    )
    .run(t, t);
  old.sqlite
    .query(
      `insert into tickets (ticket_id, first_name, last_name, email, phone, company_name, department, ticket_type, priority, description, status, assigned_to, created_at, updated_at)
       values ('WI-2024-002', 'Alan', 'Turing', 'alan@example.com', '555-123-4568', 'Main Office', 'Finance', 'Licensing', 'low', 'Licence renewal for the accounting tool', 'completed', '1', ?, ?)`,
    )
    .run(t, t);
  old.sqlite.exec("PRAGMA wal_checkpoint(TRUNCATE)");
  old.sqlite.close();

  const server = await startServerAt(dataDir);
  try {
    // the old ticket is found through every later index, e.g. the admin search's
    const cookie = await signInCookie(server.url);
    const res = await fetch(`${server.url}/api/admin/tickets?limit=100&search=jammed`, {
      headers: { Cookie: cookie },
    });
    const found = ((await res.json()) as { tickets: { ticketId: string }[] }).tickets.map((t) => t.ticketId);
    expect(found).toEqual(["WI-2024-001"]);
    // the counts behind the Ticket Overview (migration 0003) start from the tickets already there
    const stats = await (
      await fetch(`${server.url}/api/admin/tickets/stats`, { headers: { Cookie: cookie } })
    ).json();
    expect(stats).toEqual({
      total: 2,
      open: 1,
      inProgress: 0,
      completed: 1,
      burnt: 0,
      breached: 0,
      dueSoon: 0,
      byStatus: [
        { name: "open", label: "Open", count: 1 },
        { name: "in_progress", label: "In Progress", count: 0 },
        { name: "completed", label: "Completed", count: 1 },
        { name: "burnt", label: "Burnt", count: 0 },
        { name: "waiting_on_requester", label: "Waiting on requester", count: 0 },
      ],
    });
  } finally {
    await server.stop();
  }
  const db = new Database(join(dataDir, "helpdesk.sqlite"), { readonly: true });
  const applied = db.query("select count(*) n from __drizzle_migrations").get() as { n: number };
  const ticket = db.query("select email, description from tickets where ticket_id = 'WI-2024-001'").get();
  const assigned = db.query("select assigned_to, status, n from ticket_assignee_counts").all();
  db.close();
  expect(applied.n).toBe(journal.entries.length);
  expect(ticket).toEqual({ email: "ada@example.com", description: "Printer on floor two is jammed" });
  expect(assigned).toEqual([{ assigned_to: "1", status: "completed", n: 1 }]);

  const fresh = temp("fresh");
  const f = openDatabase(join(fresh, "helpdesk.sqlite"));
  runMigrations(f.db);
  f.sqlite.close();
  expect(schemaOf(join(dataDir, "helpdesk.sqlite"))).toEqual(schemaOf(join(fresh, "helpdesk.sqlite")));
}, 60_000);
