import { afterAll, expect, test } from "bun:test";
import { sql } from "drizzle-orm";
import { tickets } from "../../db/schema";
import { createTestApp } from "../testing/test-app";
import { dueWhere } from "./due-filters";

const t = await createTestApp();
afterAll(() => t.close());

// Breached and due-soon counts must stay range reads on the clock indexes, never a scan of every ticket.
test.each([
  ["breached", ["tickets_status_resolution_due_idx", "tickets_status_first_response_due_idx"]],
  ["due_soon", ["tickets_status_resolution_soon_idx", "tickets_status_first_response_soon_idx"]],
] as const)("%s is read from its indexes", (state, indexes) => {
  const q = sql`EXPLAIN QUERY PLAN SELECT count(*) FROM ${tickets} WHERE ${dueWhere(state, new Date())}`;
  const plan = t.db
    .all<{ detail: string }>(q)
    .map((r) => r.detail)
    .join("\n");
  for (const index of indexes) expect(plan).toContain(`USING INDEX ${index}`);
  expect(plan).not.toMatch(/SCAN tickets\b/);
});
