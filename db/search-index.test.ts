// A batch's indexing reads its own few ids and looks each ticket up, with or without statistics:
// a plan that walks every ticket instead costs the whole table on each group commit.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { createTestApp, type TestApp } from "../src/testing/test-app";
import { BATCH_INDEXING } from "./search-index";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  const insert = t.sqlite.prepare(
    `insert into tickets (ticket_id, first_name, last_name, email, phone, company_name, department, ticket_type, priority, description, status, created_at, updated_at)
     values (?, 'Ada', 'Lovelace', 'ada@example.com', '555-123-4567', 'Main Office', 'IT', 'IT', 'high', 'Printer jammed', 'open', ?, ?)`,
  );
  t.sqlite.transaction(() => {
    for (let i = 1; i <= 2_000; i++) insert.run(`WI-2026-${i}`, i, i);
  })();
});
afterAll(() => t.close());

const plan = (sql: string) =>
  (t.sqlite.prepare(`EXPLAIN QUERY PLAN ${sql}`).all() as { detail: string }[]).map((r) => r.detail);

test("batch indexing – the pending ids lead, never a walk of the tickets", () => {
  for (const stats of ["none", "analyzed"]) {
    if (stats === "analyzed") t.sqlite.exec("ANALYZE");
    for (const [name, sql] of Object.entries(BATCH_INDEXING)) {
      const lines = plan(sql);
      expect([stats, name, lines[0]]).toEqual([stats, name, "SCAN p"]);
      expect(lines.filter((l) => /^SCAN (?!p$)/.test(l))).toEqual([]);
    }
  }
});
