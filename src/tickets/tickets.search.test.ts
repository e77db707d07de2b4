import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createTestApp, type TestApp } from "../testing/test-app";
import { searchPlan } from "./tickets.search";

let t: TestApp;
let admin: string;
type Row = { ticketId: string; description: string; status: string; createdAt: number };
const rows: Row[] = [];

// 400 tickets over 400 hours; ids are not in date order, so a page must really be sorted by date.
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.loginAs("admin");
  const insert = t.sqlite.prepare(
    `insert into tickets (ticket_id, first_name, last_name, email, phone, company_name, department, ticket_type, priority, description, status, created_at, updated_at)
     values (?, 'Ada', 'Lovelace', 'ada@example.com', '555-123-4567', 'Main Office', 'IT', 'IT', 'high', ?, ?, ?, ?)`,
  );
  const now = Date.now();
  t.sqlite.transaction(() => {
    for (let i = 1; i <= 400; i++) {
      const hoursAgo = (i * 37) % 400; // a permutation of 0..399
      const row = {
        ticketId: `WI-2026-${String(i).padStart(3, "0")}`,
        description:
          i % 3 === 0
            ? `Printer jammed on floor ${i}`
            : i === 7
              ? "Zebra-striped monitor"
              : `Laptop will not start ${i}`,
        status: i % 2 ? "open" : "completed",
        createdAt: now - hoursAgo * 3_600_000,
      };
      rows.push(row);
      insert.run(row.ticketId, row.description, row.status, row.createdAt, row.createdAt);
    }
  })();
});
afterAll(() => t.close());

async function list(query: string) {
  const res = await t.request(`/api/admin/tickets?${query}`, { cookie: admin });
  expect(res.status).toBe(200);
  const body = (await res.json()) as { tickets: { ticketId: string }[]; total: number };
  return { ids: body.tickets.map((x) => x.ticketId), total: body.total };
}
const expected = (keep: (r: Row) => boolean, limit: number) => {
  const hits = rows.filter(keep).sort((a, b) => b.createdAt - a.createdAt);
  return { ids: hits.slice(0, limit).map((r) => r.ticketId), total: hits.length };
};

describe("admin search", () => {
  test("search – a broad term gives the newest page in date order and the exact total", async () => {
    expect(await list("limit=100&search=printer")).toEqual(
      expected((r) => r.description.includes("Printer"), 100),
    );
    expect(await list("limit=20&search=jammed")).toEqual(
      expected((r) => r.description.includes("jammed"), 20),
    );
  });

  test("search – a rare term and a term with other filters give the same answers as a plain filter", async () => {
    expect(await list("limit=100&search=zebra")).toEqual(
      expected((r) => r.description.includes("Zebra"), 100),
    );
    expect(await list("limit=50&search=printer&status=open")).toEqual(
      expected((r) => r.description.includes("Printer") && r.status === "open", 50),
    );
    expect(await list("limit=100&search=nothing-like-this")).toEqual({ ids: [], total: 0 });
  });

  test("search – several words each match anywhere: a full name across first and last name, words apart", async () => {
    // every ticket's requester is Ada Lovelace: the name spans two fields, the words stand apart
    expect((await list("limit=500&search=Ada%20Lovelace")).total).toBe(400);
    expect(await list("limit=100&search=floor%20printer%20120")).toEqual(
      expected((r) => r.description === "Printer jammed on floor 120", 100),
    );
    // a word under three characters cannot use the trigram index: beside longer ones it is left out
    expect((await list("limit=500&search=printer%20on%20floor")).total).toBe(
      rows.filter((r) => r.description.includes("Printer")).length,
    );
    expect(await list("limit=100&search=zebra%20printer")).toEqual({ ids: [], total: 0 });
  });

  test("search plan – the date walk only for a term matching more than a page and more than a fifth of the cap", () => {
    expect(searchPlan(null, 100, 10_000)).toBe("matches-first");
    expect(searchPlan(99, 100, 10_000)).toBe("matches-first");
    expect(searchPlan(2_000, 100, 10_000)).toBe("matches-first");
    expect(searchPlan(2_001, 100, 10_000)).toBe("walk-dates");
    expect(searchPlan(2_001, 2_500, 10_000)).toBe("matches-first");
    expect(searchPlan(101, 100, 300)).toBe("walk-dates");
    expect(searchPlan(10_001, 100, 10_000)).toBe("walk-dates");
  });
});
