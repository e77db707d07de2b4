import { afterAll, expect, test } from "bun:test";
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { readValues } from "../src/custom-fields/values";
import { openDatabase } from "./client";
import { migrationsFolder, runMigrations } from "./migrate";

const dir = mkdtempSync(join(tmpdir(), "helpdesk-field-values-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

type Journal = { entries: { tag: string }[] };
const journal = JSON.parse(readFileSync(join(migrationsFolder, "meta/_journal.json"), "utf8")) as Journal;
const sqlOf = (tag: string) => readFileSync(join(migrationsFolder, `${tag}.sql`), "utf8");

/** The migration folder as it was while the values had a rowid. */
function beforeWithoutRowid() {
  const at = journal.entries.findIndex((e) => sqlOf(e.tag).includes("`__new_ticket_field_values`"));
  expect(at).toBeGreaterThan(0);
  const out = join(dir, "before");
  mkdirSync(join(out, "meta"), { recursive: true });
  const entries = journal.entries.slice(0, at);
  writeFileSync(join(out, "meta/_journal.json"), JSON.stringify({ ...journal, entries }));
  for (const e of entries) copyFileSync(join(migrationsFolder, `${e.tag}.sql`), join(out, `${e.tag}.sql`));
  return out;
}

test("stored values keep their order, their search words and their triggers when the table is rebuilt", () => {
  const { db, sqlite } = openDatabase(join(dir, "helpdesk.sqlite"));
  runMigrations(db, beforeWithoutRowid());
  const ticket = (
    sqlite
      .query(
        `insert into tickets (ticket_id, first_name, last_name, email, phone, company_name, department, ticket_type, priority, description, status, created_at, updated_at)
         values ('WI-2024-001', 'Ada', 'Lovelace', 'ada@example.com', '555-123-4567', 'Main Office', 'IT', 'IT', 'high', 'Dock needed', 'open', 1, 1) returning id`,
      )
      .get() as { id: number }
  ).id;
  const field = sqlite.query(
    `insert into custom_fields (key, label, kind, options, ticket_types, created_at, updated_at)
     values (?, ?, ?, '[]', '[]', 1, 1) returning id`,
  );
  const extras = (field.get("extras", "Extras", "multi_select") as { id: number }).id;
  const centre = (field.get("cost_centre", "Cost centre", "text") as { id: number }).id;
  const value = sqlite.query(
    "insert into ticket_field_values (ticket_id, field_id, value_text) values (?, ?, ?)",
  );
  value.run(ticket, extras, "o3"); // chosen before o1: the order a person picked them in
  value.run(ticket, centre, "Kestrel");
  value.run(ticket, extras, "o1");
  runMigrations(db);

  const fields = [
    { id: extras, key: "extras", kind: "multi_select" as const },
    { id: centre, key: "cost_centre", kind: "text" as const },
  ];
  expect(readValues(db, [ticket], fields).get(ticket)).toEqual({
    extras: ["o3", "o1"],
    cost_centre: "Kestrel",
  });
  const words = (w: string) =>
    sqlite.query("select count(*) as n from ticket_words where ticket_words match ?").get(w) as { n: number };
  expect(words("kestrel").n).toBe(1);
  // the search trigger on the rebuilt table: a changed text value is found by its new word
  sqlite.query("delete from ticket_field_values where field_id = ?").run(centre);
  value.run(ticket, centre, "Osprey");
  expect([words("kestrel").n, words("osprey").n]).toEqual([0, 1]);
  sqlite.close();
});
