import { afterAll, expect, test } from "bun:test";
import { and, eq, gt, inArray, isNull, lt, lte, or, type SQL, sql } from "drizzle-orm";
import { tickets } from "../../db/schema";
import { insertTicket } from "../tickets/admin-tickets.fixtures";
import { createTestApp } from "../testing/test-app";
import { dueWhere } from "./due-filters";

const t = await createTestApp();
afterAll(() => t.close());

const planOf = (where: SQL) =>
  t.db
    .all<{ detail: string }>(sql`EXPLAIN QUERY PLAN SELECT count(*) FROM ${tickets} WHERE ${where}`)
    .map((r) => r.detail)
    .join("\n");

// Breached and due-soon counts must stay range reads on the next-due index, never a scan of every ticket.
test.each(["breached", "due_soon"] as const)("%s is read from the next-due index", (state) => {
  const plan = planOf(dueWhere(state, new Date()));
  expect(plan).toMatch(/SEARCH tickets USING (COVERING )?INDEX tickets_next_due_idx \(next_due_at[<>]/);
  expect(plan).not.toMatch(/SCAN tickets\b/);
});

/** The states written out clock by clock, as the badges judge them: what the index ranges must equal. */
function byClock(state: "breached" | "due_soon", now: Date): SQL {
  const first = and(eq(tickets.status, "open"), isNull(tickets.firstRespondedAt));
  const resolution = inArray(tickets.status, ["open", "in_progress"]);
  const breached = or(
    and(resolution, lt(tickets.resolutionDueAt, now)),
    and(first, lt(tickets.firstResponseDueAt, now)),
  ) as SQL;
  if (state === "breached") return breached;
  const soon = or(
    and(resolution, lte(tickets.resolutionSoonAt, now), gt(tickets.resolutionDueAt, now)),
    and(first, lte(tickets.firstResponseSoonAt, now), gt(tickets.firstResponseDueAt, now)),
  );
  return and(soon, sql`NOT coalesce((${breached}), 0)`) as SQL;
}

test("breached and due soon pick exactly the tickets a clock-by-clock reading picks, boundaries included", () => {
  const now = new Date(Date.UTC(2026, 5, 1, 12));
  const at = (min: number | null) => (min === null ? null : new Date(now.getTime() + min * 60_000));
  const offsets = [null, -60, 0, 30, 120];
  for (const status of ["open", "in_progress", "completed"])
    for (const responded of [null, -600])
      for (const fDue of offsets)
        for (const fSoon of [null, -90, 0, 60])
          for (const rDue of offsets)
            for (const rSoon of [null, -30, 0, 90])
              insertTicket(t, {
                status,
                firstRespondedAt: at(responded),
                firstResponseDueAt: at(fDue),
                firstResponseSoonAt: at(fSoon),
                resolutionDueAt: at(rDue),
                resolutionSoonAt: at(rSoon),
              });
  const ids = (where: SQL) =>
    t.db
      .select({ id: tickets.id })
      .from(tickets)
      .where(where)
      .all()
      .map((r) => r.id)
      .sort((a, b) => a - b);
  for (const state of ["breached", "due_soon"] as const) {
    const expected = ids(byClock(state, now));
    expect(expected.length).toBeGreaterThan(50);
    expect(ids(dueWhere(state, now))).toEqual(expected);
  }
});

test("kept counts follow the clock: a ticket turns due soon, then breached, with no write in between", async () => {
  const { countTickets } = await import("../tickets/tickets.queries");
  const fresh = await createTestApp();
  try {
    const start = Date.UTC(2026, 6, 1, 10);
    insertTicket(fresh, {
      status: "open",
      firstResponseSoonAt: new Date(start + 30_000),
      firstResponseDueAt: new Date(start + 60_000),
      resolutionSoonAt: new Date(start + 600_000),
      resolutionDueAt: new Date(start + 900_000),
    });
    const admin = {
      id: 1,
      role: "admin" as const,
      canViewAllTickets: true,
      allowedDepartments: [],
      allowedCompanies: [],
    };
    const at = (s: number) => ({
      breached: countTickets(fresh.deps.reads.ctx, admin, {
        due: "breached",
        dueNow: new Date(start + s * 1000),
      }).total,
      dueSoon: countTickets(fresh.deps.reads.ctx, admin, {
        due: "due_soon",
        dueNow: new Date(start + s * 1000),
      }).total,
    });
    expect(at(0)).toEqual({ breached: 0, dueSoon: 0 });
    expect(at(29)).toEqual({ breached: 0, dueSoon: 0 });
    expect(at(30)).toEqual({ breached: 0, dueSoon: 1 });
    expect(at(59)).toEqual({ breached: 0, dueSoon: 1 });
    expect(at(61)).toEqual({ breached: 1, dueSoon: 0 });
    // a clock read earlier than the kept answer's (another process's clock, a test's) is answered afresh
    expect(at(10)).toEqual({ breached: 0, dueSoon: 0 });
  } finally {
    fresh.close();
  }
});
