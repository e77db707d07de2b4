import { afterAll, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { readValues } from "../src/custom-fields/values";
import { openDatabase } from "./client";
import { runMigrations } from "./migrate";
import { migrationsBefore } from "./migrations-before";

const dir = mkdtempSync(join(tmpdir(), "helpdesk-field-values-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

test("stored values keep their order, their search words and their triggers when the table is rebuilt", () => {
  const { db, sqlite } = openDatabase(join(dir, "helpdesk.sqlite"));
  runMigrations(
    db,
    migrationsBefore(dir, (_, sql) => sql.includes("`__new_ticket_field_values`")),
  );
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
