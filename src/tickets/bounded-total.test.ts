// A search's or date range's bounded total is counted once until the next write, whatever instant
// each request carries; filtered by due state, until a clock crosses its next due instant as well.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { createTestApp, type TestApp } from "../testing/test-app";
import { countTickets } from "./tickets.queries";
import type { ScopeActor } from "./tickets.scope";

let t: TestApp;
const counted: string[] = [];
const admin: ScopeActor = {
  id: 1,
  role: "admin",
  canViewAllTickets: true,
  allowedDepartments: [],
  allowedCompanies: [],
};

beforeAll(async () => {
  t = await createTestApp();
  const insert = t.sqlite.prepare(
    `insert into tickets (ticket_id, first_name, last_name, email, phone, company_name, department, ticket_type, priority, description, status, created_at, updated_at)
     values (?, 'Ada', 'Lovelace', 'ada@example.com', '555-123-4567', 'Main Office', 'IT', 'IT', 'high', 'Printer jammed', 'open', ?, ?)`,
  );
  for (let i = 1; i <= 30; i++)
    insert.run(`WI-2026-${String(i).padStart(3, "0")}`, Date.now() - i * 60_000, Date.now());
  for (const method of ["prepare", "query"] as const) {
    const original = t.sqlite[method].bind(t.sqlite) as (sql: string) => unknown;
    (t.sqlite as unknown as Record<string, unknown>)[method] = (sql: string) => {
      // a count, or a search's matches gathered (each counted against the budget)
      if (/count\(\*\)|within_budget\(rowid\)/.test(sql)) counted.push(sql);
      return original(sql);
    };
  }
});
afterAll(() => t.close());

test("bounded total – counted once for requests at different instants; a due filter's only while no clock turns", () => {
  const f = { search: "printer", status: ["open"] };
  expect(countTickets(t.deps.reads.ctx, admin, { ...f, dueNow: new Date(1_000) }, 10)).toEqual({
    total: 10,
    totalIsExact: false,
  });
  expect(countTickets(t.deps.reads.ctx, admin, { ...f, dueNow: new Date(2_000) }, 10)).toEqual({
    total: 10,
    totalIsExact: false,
  });
  expect(counted).toHaveLength(1);
  const due = { ...f, due: "breached" as const };
  countTickets(t.deps.reads.ctx, admin, { ...due, dueNow: new Date(1_000) }, 10);
  countTickets(t.deps.reads.ctx, admin, { ...due, dueNow: new Date(2_000) }, 10);
  expect(counted).toHaveLength(2); // these tickets have no clock that could turn
  countTickets(t.deps.reads.ctx, admin, { ...due, dueNow: new Date(500) }, 10);
  expect(counted).toHaveLength(3); // an instant before the kept answer's is counted afresh
});
