import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createTestApp, type TestApp } from "../../src/testing/test-app";
import { tickets, type TicketRow } from "../../db/schema";
import { insertTicket } from "../../src/tickets/admin-tickets.fixtures";

const CAP = 25;
let t: TestApp;
let admin: string;
const base = new Date(2026, 2, 1).getTime();

// 120 tickets: "zebra" in 3 (rare), "toner" in 20 (medium, below the cap), "printer" in all (broad).
beforeAll(async () => {
  t = await createTestApp({ env: { LIST_COUNT_CAP: String(CAP) } });
  admin = await t.loginAs("admin");
  for (let i = 0; i < 120; i++)
    insertTicket(t, {
      createdAt: new Date(base + Math.floor(i / 2) * 60_000),
      status: i % 3 ? "open" : "completed",
      department: i % 4 ? "IT" : "Finance",
      description: `Printer ${i % 40 === 7 ? "ZEBRA stripes" : ""} ${i % 6 === 1 ? "needs toner" : "jammed"}`,
    });
});
afterAll(() => t.close());

type Body = { tickets: TicketRow[]; total: number; totalIsExact: boolean; nextCursor: string | null };
const list = async (q: Record<string, string>) => {
  const res = await t.request(`/api/admin/tickets?${new URLSearchParams(q)}`, { cookie: admin });
  expect(res.status).toBe(200);
  return (await res.json()) as Body;
};

/** Brute force: every row, the search as a case-insensitive substring of the searched fields. */
function reference(term: string, pred: (r: TicketRow) => boolean) {
  const q = term.toLowerCase();
  return t.db
    .select()
    .from(tickets)
    .all()
    .filter((r) =>
      [r.ticketId, r.firstName, r.lastName, r.email, r.description, r.companyName].some((v) =>
        v.toLowerCase().includes(q),
      ),
    )
    .filter(pred)
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.id - a.id)
    .map((r) => r.id);
}

const FILTERS: [string, Record<string, string>, (r: TicketRow) => boolean][] = [
  ["no filter", {}, () => true],
  [
    "status and department",
    { status: "open", department: "IT" },
    (r) => r.status === "open" && r.department === "IT",
  ],
  [
    "a date range",
    { startDate: new Date(base + 10 * 60_000).toISOString() },
    (r) => r.createdAt.getTime() >= base + 10 * 60_000,
  ],
];

describe("admin search – bounded totals", () => {
  for (const term of ["zebra", "toner", "printer"])
    for (const [name, q, pred] of FILTERS)
      test(`"${term}" with ${name}: pages equal the brute-force list; the total is exact up to the cap`, async () => {
        const want = reference(term, pred);
        const first = await list({ search: term, limit: "10", ...q });
        expect(first.tickets.map((r) => r.id)).toEqual(want.slice(0, 10));
        const all = [...first.tickets.map((r) => r.id)];
        for (let cursor = first.nextCursor; cursor; ) {
          const next = await list({ search: term, limit: "10", cursor, ...q });
          all.push(...next.tickets.map((r) => r.id));
          cursor = next.nextCursor;
        }
        expect(all).toEqual(want);
        const exact = want.length <= CAP;
        expect([first.total, first.totalIsExact]).toEqual([exact ? want.length : CAP, exact]);
      });

  test("select filters alone are counted exactly from the count tables, past the cap", async () => {
    const body = await list({ status: "open", limit: "5" });
    expect([body.total, body.totalIsExact]).toEqual([80, true]);
    const everything = await list({ limit: "5" });
    expect([everything.total, everything.totalIsExact]).toEqual([120, true]);
  });
});
