// A search with a date range counts its gathered matches either by reading each by id or by walking the
// range's creation index: whichever reads less, and both give the same exact total.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { captureSql } from "../testing/captured-sql";
import { createTestApp, type TestApp } from "../testing/test-app";

const HOUR = 3_600_000;
const START = Date.parse("2026-01-01T00:00:00Z");
const TICKETS = 1_500; // one an hour from January 1st, about two months
let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.loginAs("admin");
  const insert = t.sqlite.prepare(
    `insert into tickets (ticket_id, first_name, last_name, email, phone, company_name, department, ticket_type, priority, description, status, created_at, updated_at)
     values (?, 'Ada', 'Lovelace', 'ada@example.com', '555-123-4567', 'Main Office', 'IT', 'IT', 'high', ?, 'open', ?, ?)`,
  );
  t.sqlite.transaction(() => {
    for (let i = 0; i < TICKETS; i++) {
      const text = i % 300 === 7 ? "Kestrel badge reader jammed" : "Printer jammed again";
      insert.run(`WI-2026-${i + 1}`, text, START + i * HOUR, START + i * HOUR);
    }
  })();
});
afterAll(() => t.close());

const brute = (word: string, from: number, to: number) =>
  (
    t.sqlite
      .query(
        "select count(*) as n from tickets where description like ? and created_at >= ? and created_at <= ?",
      )
      .get(`%${word}%`, from, to) as { n: number }
  ).n;

async function total(search: string, from: number, to: number) {
  const range = `startDate=${new Date(from).toISOString()}&endDate=${new Date(to).toISOString()}`;
  const res = await t.request(`/api/admin/tickets?search=${search}&${range}&limit=2`, { cookie: admin });
  expect(res.status).toBe(200);
  const page = (await res.json()) as { total: number; totalIsExact: boolean; nextCursor: string | null };
  expect(page.nextCursor).not.toBeNull();
  return [page.total, page.totalIsExact];
}

test("many matches in a short range are counted along the range's creation index", async () => {
  // February, its first and last hours included: most of its tickets match
  const [from, to] = [Date.parse("2026-02-01T00:00:00Z"), Date.parse("2026-02-28T23:00:00Z")];
  const queried = captureSql(t.sqlite);
  expect(await total("jammed", from, to)).toEqual([brute("jammed", from, to), true]);
  expect(queried.some((q) => q.includes("INDEXED BY tickets_created_idx"))).toBe(true);
});

test("few matches in a long range are counted by reading each by id", async () => {
  const [from, to] = [START, START + (TICKETS - 1) * HOUR];
  const queried = captureSql(t.sqlite);
  expect(await total("kestrel", from, to)).toEqual([brute("kestrel", from, to), true]);
  expect(queried.some((q) => q.includes("NOT INDEXED"))).toBe(true);
  expect(queried.some((q) => q.includes("INDEXED BY tickets_created_idx"))).toBe(false);
});
