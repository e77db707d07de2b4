import { afterAll, expect, test } from "bun:test";
import { eq, sql } from "drizzle-orm";
import { tickets } from "../../db/schema";
import { insertTicket } from "../tickets/admin-tickets.fixtures";
import { createTestApp } from "../testing/test-app";
import { RUNNING_STATUSES } from "../shared/due-state";

const t = await createTestApp();
afterAll(() => t.close());

const at = (h: number) => new Date(Date.UTC(2026, 5, 1, h));
const STATUSES = [...RUNNING_STATUSES, "completed", "burnt"];

// SQLite derives next_due_at; this holds it to the rule the badges use: the earliest running clock.
test("next due is the earliest clock still running, and null once none runs", () => {
  const cases = [];
  for (const status of STATUSES)
    for (const first of [null, at(2), at(9)])
      for (const resolution of [null, at(5)])
        for (const responded of [null, at(1)]) {
          const row = insertTicket(t, {
            status,
            firstResponseDueAt: first,
            resolutionDueAt: resolution,
            firstRespondedAt: responded,
          });
          const firstRuns = status === "open" && responded === null ? first : null;
          const runs = (RUNNING_STATUSES as readonly string[]).includes(status);
          const times = runs ? [firstRuns, resolution].filter((d) => d !== null) : [];
          const expected = times.length ? Math.min(...times.map((d) => d.getTime())) : null;
          cases.push([row.id, expected]);
        }
  for (const [id, expected] of cases) {
    const row = t.db.select().from(tickets).where(eq(tickets.id, id!)).get()!;
    expect([id, row.nextDueAt?.getTime() ?? null]).toEqual([id, expected]);
  }
});

test("a status change or a first response moves next due without any write to it", () => {
  const row = insertTicket(t, { status: "open", firstResponseDueAt: at(2), resolutionDueAt: at(5) });
  const nextDue = () => t.db.select().from(tickets).where(eq(tickets.id, row.id)).get()!.nextDueAt?.getTime();
  expect(nextDue()).toBe(at(2).getTime());
  t.db
    .update(tickets)
    .set({ firstRespondedAt: at(1) })
    .where(eq(tickets.id, row.id))
    .run();
  expect(nextDue()).toBe(at(5).getTime());
  t.db.update(tickets).set({ status: "completed" }).where(eq(tickets.id, row.id)).run();
  expect(nextDue()).toBeUndefined();
});

// The sort by due reads both of its ranges (with and without a due time) off one index, in order.
test("the sort by due is read from the next-due index without sorting", () => {
  for (const where of [sql`next_due_at IS NOT NULL`, sql`next_due_at IS NULL`]) {
    const q = sql`EXPLAIN QUERY PLAN SELECT id FROM ${tickets} WHERE ${where} ORDER BY next_due_at ASC, id ASC LIMIT 101`;
    const plan = t.db
      .all<{ detail: string }>(q)
      .map((r) => r.detail)
      .join("\n");
    expect(plan).toContain("USING INDEX tickets_next_due_idx");
    expect(plan).not.toContain("TEMP B-TREE");
  }
});
