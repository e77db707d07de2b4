/**
 * Every ticket list, count and search the API runs is served by an index: the real routes are
 * called, the SQL they send to SQLite is captured, and `EXPLAIN QUERY PLAN` of each statement
 * touching `tickets` must not show a full scan of the table.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createTestApp, type TestApp } from "../src/testing/test-app";
import { captureSql } from "../src/testing/captured-sql";

let t: TestApp;
let admin: string;
let staff: string;
let captured: string[] = [];

beforeAll(async () => {
  t = await createTestApp();
  const now = Date.now();
  const insert = t.sqlite.prepare(
    `insert into tickets (ticket_id, first_name, last_name, email, phone, company_name, department, ticket_type, priority, description, status, created_at, updated_at)
     values (?, 'Ada', 'Lovelace', ?, '555-123-4567', 'Main Office', 'IT', 'IT', 'high', 'Printer on floor two is jammed', ?, ?, ?)`,
  );
  t.sqlite.transaction(() => {
    for (let i = 1; i <= 300; i++)
      insert.run(
        `WI-2026-${String(i).padStart(3, "0")}`,
        `user${i % 20}@example.com`,
        i % 3 ? "open" : "completed",
        now - i * 3_600_000,
        now,
      );
  })();
  admin = await t.loginAs("admin");
  staff = await t.loginAs("staff", {
    allowedDepartments: ["IT", "Finance"],
    allowedCompanies: ["Main Office"],
  });
  captured = captureSql(t.sqlite);
});
afterAll(() => t.close());

type Case = {
  name: string;
  path: string;
  json?: unknown;
  cookie?: () => string;
  /** A whole-index walk is accepted, with the reason. */
  mayWalkIndex?: string;
  /** Every plan line on tickets must match: a bound the index has to use. */
  mustMatch?: RegExp;
  /** Fails today, with the reason; the case turns red once fixed, so the marker gets removed. */
  knownSlow?: string;
  /** Answered from the counts tables without reading tickets at all. */
  fromCounts?: true;
  /** mustMatch is waived for a statement whose plan matches this (a bounded set sorted on purpose). */
  sortedIf?: RegExp;
};
const month = new Date(new Date().getFullYear(), new Date().getMonth(), 1).toISOString();
const submission = {
  firstName: "Ada",
  lastName: "Lovelace",
  email: "ada@example.com",
  phone: "555-123-4567",
  companyId: 1,
  companyName: "Main Office",
  department: "IT",
  ticketType: "IT",
  priority: "medium",
  description: "Printer on floor two is jammed",
};
const NO_SORT = /^(?!USE TEMP B-TREE FOR ORDER BY)/;
const cursor = (key: unknown[]) => Buffer.from(JSON.stringify(key)).toString("base64url");
const CASES: Case[] = [
  { name: "public submit (id counter, audit, outbox)", path: "/api/tickets", json: submission },
  {
    name: "public search by e-mail",
    path: "/api/tickets/search",
    json: { type: "email", query: "user7@example.com" },
  },
  {
    name: "public search by phone",
    path: "/api/tickets/search",
    json: { type: "phone", query: "555-123-4567" },
  },
  {
    name: "public search by ticket id",
    path: "/api/tickets/search",
    json: { type: "ticketId", query: "WI-2026-007" },
  },
  // newest first with LIMIT walks the created_at index and stops after a page: bounded, not a scan
  {
    name: "admin list, no filter",
    path: "/api/admin/tickets?limit=100",
    cookie: () => admin,
    mayWalkIndex: "ordered page",
  },
  { name: "admin list, status", path: "/api/admin/tickets?limit=100&status=open", cookie: () => admin },
  {
    name: "admin list, filters + date range",
    path: `/api/admin/tickets?limit=100&status=open&department=IT&priority=high&startDate=${encodeURIComponent(month)}`,
    cookie: () => admin,
  },
  // a department's queue at one priority: a range of one index, not each ticket of the department read for its priority
  {
    name: "admin list, status + department + priority + date range",
    path: `/api/admin/tickets?limit=100&status=open&department=IT&priority=high&search=printer&startDate=${encodeURIComponent(month)}`,
    cookie: () => admin,
    mustMatch: /^(?!SEARCH tickets USING (COVERING )?INDEX tickets_(status_department|priority)_idx )/,
  },
  // every ticket here matches: a broad term walks the date index newest-first until a page is found (searchPlan)
  {
    name: "admin list, broad search",
    path: "/api/admin/tickets?limit=100&search=printer",
    cookie: () => admin,
    mayWalkIndex: "ordered page",
  },
  {
    name: "admin list, rare search",
    path: "/api/admin/tickets?limit=100&search=user7%40",
    cookie: () => admin,
  },
  {
    name: "admin list, search + filters",
    path: "/api/admin/tickets?limit=100&search=printer&status=open&department=IT",
    cookie: () => admin,
  },
  {
    name: "admin list, staff scope",
    path: "/api/admin/tickets?limit=100",
    cookie: () => staff,
    mayWalkIndex: "ordered page",
  },
  // a page must come off an index in order, not from sorting every ticket in scope
  {
    name: "admin list, staff scope, page without sorting the whole scope",
    path: "/api/admin/tickets?limit=100",
    cookie: () => staff,
    mayWalkIndex: "ordered page",
    mustMatch: /^(?!USE TEMP B-TREE FOR ORDER BY)/,
  },
  // every sort, both ways, for admins and for a staff scope: off an index in order, never a sort of all matches
  ...(["created", "updated", "priority", "status"] as const).flatMap((sort) =>
    (["desc", "asc"] as const).flatMap((order) =>
      (["admin", "staff"] as const).map(
        (who): Case => ({
          name: `admin list sorted by ${sort} ${order}, ${who}`,
          path: `/api/admin/tickets?limit=100&sort=${sort}&order=${order}`,
          cookie: () => (who === "admin" ? admin : staff),
          mayWalkIndex: "ordered page",
          mustMatch: NO_SORT,
          // one person's assigned tickets are few: sorting them beats another index on every write
          sortedIf: sort === "updated" ? /\(assigned_to=\?\)/ : undefined,
        }),
      ),
    ),
  ),
  {
    name: "admin list, a deep page from a cursor",
    path: `/api/admin/tickets?limit=20&sort=priority&cursor=${cursor(["priority", "desc", "high", Date.now() - 200 * 3_600_000, 200])}`,
    cookie: () => staff,
    mayWalkIndex: "ordered page",
    mustMatch: NO_SORT,
  },
  {
    name: "admin list, several priorities, unassigned",
    path: "/api/admin/tickets?limit=100&priority=high,urgent&assignedTo=none",
    cookie: () => admin,
    mustMatch: NO_SORT,
  },
  { name: "type breakdown", path: "/api/admin/tickets?status=open&limit=1000", cookie: () => admin },
  { name: "breakdown counts", path: "/api/admin/tickets/breakdown", cookie: () => admin, fromCounts: true },
  {
    name: "breakdown counts, staff scope",
    path: "/api/admin/tickets/breakdown?department=IT",
    cookie: () => staff,
    fromCounts: true,
  },
  // a search narrows the tickets first; the counts are taken from those
  {
    name: "breakdown counts with a search",
    path: "/api/admin/tickets/breakdown?search=printer",
    cookie: () => admin,
  },
  {
    name: "admin list, two-letter search",
    path: "/api/admin/tickets?limit=100&search=pr",
    cookie: () => admin,
    knownSlow: "below 3 characters the trigram index cannot help and LIKE scans every ticket: ~265 ms at 1 M",
  },
  { name: "stats", path: "/api/admin/tickets/stats", cookie: () => admin, fromCounts: true },
  { name: "stats, staff scope", path: "/api/admin/tickets/stats", cookie: () => staff, fromCounts: true },
  { name: "today", path: "/api/admin/tickets/today", cookie: () => admin },
  // "today" must be a range on a date index, not a walk over every completed ticket
  {
    name: "today, bounded by a date index",
    path: "/api/admin/tickets/today",
    cookie: () => admin,
    mustMatch: /^(?!SEARCH tickets USING (COVERING )?INDEX \w+ \(status=\?\)$)/,
  },
];

/** EXPLAIN QUERY PLAN lines of one statement; placeholders explain as NULL, which does not change the plan. */
function plan(sql: string): string[] {
  return (t.sqlite.prepare(`EXPLAIN QUERY PLAN ${sql}`).all() as { detail: string }[]).map((r) => r.detail);
}

describe("query plans", () => {
  for (const c of CASES) {
    (c.knownSlow && !process.env.STRICT_PLANS ? test.failing : test)(
      `query plan – ${c.name} is served by an index, never a scan of tickets`,
      async () => {
        // any row written empties the read memo (db/read-memo.ts), so the route really queries
        t.sqlite.exec("UPDATE users SET updated_at = updated_at WHERE id = 1");
        captured.length = 0;
        const res = await t.request(c.path, {
          json: c.json,
          cookie: c.cookie?.(),
          method: c.json ? "POST" : "GET",
        });
        expect(res.status).toBeLessThan(300);
        const statements = [...new Set(captured)].filter(
          (s) => /\btickets\b/i.test(s) && /^\s*(select|with|insert|update|delete)/i.test(s),
        );
        if (c.fromCounts) {
          // the status totals come from the counts tables; only the service-level counts read tickets
          const other = statements.filter((s) => !/_due_at"/.test(s));
          expect(other, "reads tickets instead of the counts tables").toEqual([]);
          expect(captured.some((s) => /\bticket_counts\b/.test(s))).toBe(true);
          for (const sql of statements) {
            const lines = plan(sql);
            const report = `${c.name}\n  ${sql}\n  → ${lines.join("\n  → ")}`;
            const scans = lines.filter(
              (l) => /^SCAN tickets\b/.test(l) || /^SEARCH tickets USING (COVERING )?INDEX \w+$/.test(l),
            );
            expect(scans, report).toEqual([]);
          }
          return;
        }
        expect(statements.length).toBeGreaterThan(0);
        for (const sql of statements) {
          const lines = plan(sql);
          // an index SEARCH with no constraint in brackets walks the whole index, like a SCAN; a table
          // under another name shows by its index's
          const scans = lines.filter(
            (l) =>
              /^SCAN tickets\b/.test(l) ||
              /^SCAN \w+ USING (COVERING )?INDEX tickets_/.test(l) ||
              /^SEARCH tickets USING (COVERING )?INDEX \w+$/.test(l),
          );
          const fullTable = lines.filter(
            (l) => /^SCAN tickets\b/.test(l) && !/USING (COVERING )?INDEX/.test(l),
          );
          const report = `${c.name}\n  ${sql}\n  → ${lines.join("\n  → ")}`;
          if (process.env.SHOW_PLANS) console.log(report);
          expect(fullTable, report).toEqual([]);
          if (!c.mayWalkIndex) expect(scans, report).toEqual([]);
          if (c.mustMatch && !(c.sortedIf && lines.some((l) => c.sortedIf!.test(l))))
            expect(
              lines.filter((l) => !c.mustMatch!.test(l)),
              report,
            ).toEqual([]);
        }
      },
    );
  }
});
