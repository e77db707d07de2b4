// A list's page is read once until a write: asked again it runs no statement, and a change to any
// ticket shows on the next request (a search whose walk gives way to its matches included).
import { afterAll, beforeAll, expect, test } from "bun:test";
import { createTestApp, type TestApp } from "../testing/test-app";
import { ticketFiltersSchema } from "../shared/schemas/filters";
import { listTickets } from "./tickets.queries";
import type { ScopeActor } from "./tickets.scope";

let t: TestApp;
const ran: string[] = [];
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
     values (?, ?, 'Brown', 'v@example.com', '555-123-4567', 'Main Office', 'IT', 'IT', 'high', 'Printer jammed', 'open', ?, ?)`,
  );
  t.sqlite.transaction(() => {
    for (let i = 1; i <= 400; i++) insert.run(`WI-2026-${i}`, i % 40 ? "Ada" : "Victor", i * 1000, i * 1000);
  })();
  for (const method of ["prepare", "query"] as const) {
    const original = t.sqlite[method].bind(t.sqlite) as unknown as (sql: string) => Record<string, unknown>;
    (t.sqlite as unknown as Record<string, unknown>)[method] = (sql: string) => {
      const statement = original(sql);
      for (const run of ["all", "get", "values"])
        if (typeof statement[run] === "function") {
          const call = (statement[run] as (...a: unknown[]) => unknown).bind(statement);
          statement[run] = (...a: unknown[]) => {
            ran.push(sql);
            return call(...a);
          };
        }
      return statement;
    };
  }
});
afterAll(() => t.close());

const list = (q: Record<string, string>) =>
  listTickets(t.deps.reads.ctx, admin, ticketFiltersSchema.parse({ limit: "5", ...q }));

test("page cache – asked again reads nothing; any write shows at once", () => {
  const asked: Record<string, string>[] = [{ search: "Victor Brown" }, { status: "open" }];
  for (const q of asked) {
    const first = list(q);
    ran.length = 0;
    expect(list(q)).toEqual(first);
    // only the word index's probes, which say how the search is asked (and so its key), run again
    expect(
      ran.filter(
        (sql) => !/^SELECT rowid AS id FROM ticket_words WHERE ticket_words MATCH \? LIMIT 1$/.test(sql),
      ),
    ).toEqual([]);
  }
  const before = list({ search: "Victor Brown" });
  t.sqlite.run("UPDATE tickets SET first_name = 'Victor' WHERE id = 399");
  const after = list({ search: "Victor Brown" });
  expect(after.total).toBe(before.total + 1);
  expect(after.tickets.slice(0, 2).map((r) => r.id)).toEqual([400, 399]);
});
