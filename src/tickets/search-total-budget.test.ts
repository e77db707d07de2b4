// A search whose page is found within the budget is answered even when counting every match would
// run past it: the total is then the lower bound the page proves, never a 422 for the whole search.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { createTestApp, type TestApp } from "../testing/test-app";

// Oldest first: matches before the range, then tickets in the range that do not match, then the newest
// tickets, which both match and lie in it. Counting them, by the matches or by the range, passes one of
// the first two runs before reaching the cap; a page needs only the newest 20.
const BEFORE = 80_000;
const UNMATCHED = 80_000;
const TICKETS = BEFORE + UNMATCHED + 12_000;
let t: TestApp;
let admin: string;
const start = Date.now() - TICKETS * 1000;
const since = new Date(start + (BEFORE + 1) * 1000).toISOString();

beforeAll(async () => {
  // The budget sits several times above a page and several times below a count; a low cap keeps the
  // matches a page gathers few, while the count still passes a long run of tickets before its cap.
  t = await createTestApp({ env: { SEARCH_BUDGET_MS: "10", LIST_COUNT_CAP: "1000" } });
  admin = await t.loginAs("admin");
  const insert = t.sqlite.prepare(
    `insert into tickets (ticket_id, first_name, last_name, email, phone, company_name, department, ticket_type, priority, description, status, created_at, updated_at)
     values (?, 'Ada', 'Lovelace', 'ada@example.com', '555-123-4567', 'Main Office', 'IT', 'IT', 'high', ?, 'open', ?, ?)`,
  );
  t.sqlite.transaction(() => {
    for (let i = 1; i <= TICKETS; i++) {
      const unmatched = i > BEFORE && i <= BEFORE + UNMATCHED;
      const text = unmatched ? "Printer offline again" : "Printer jammed again";
      insert.run(`WI-2020-${i}`, text, start + i * 1000, start + i * 1000);
    }
  })();
  // The same walk once with another term of every ticket: the budget is meant for the search, not for
  // this process's first compile of its statements or the first read of a freshly written index.
  await (await t.request("/api/admin/tickets?search=printer&status=open&limit=20", { cookie: admin })).text();
}, 120_000);
afterAll(() => t.close());

type Page = {
  tickets: { ticketId: string }[];
  total: number;
  totalIsExact: boolean;
  nextCursor: string | null;
};

test("search budget – a page found in time keeps its tickets; a total too costly to count is a lower bound", async () => {
  const res = await t.request(`/api/admin/tickets?search=jammed&status=open&startDate=${since}&limit=20`, {
    cookie: admin,
  });
  expect(res.status).toBe(200);
  const page = (await res.json()) as Page;
  expect(page.tickets.map((x) => x.ticketId)).toEqual(
    Array.from({ length: 20 }, (_, i) => `WI-2020-${TICKETS - i}`),
  );
  expect(page.nextCursor).not.toBeNull();
  expect([page.total, page.totalIsExact]).toEqual([21, false]);
  // the cursor still reaches the next tickets
  const next = await t.request(
    `/api/admin/tickets?search=jammed&status=open&startDate=${since}&limit=20&cursor=${page.nextCursor}`,
    {
      cookie: admin,
    },
  );
  expect(((await next.json()) as Page).tickets[0]!.ticketId).toBe(`WI-2020-${TICKETS - 20}`);
});

test("search budget – a total that ran past the budget is kept as such until the data changes: the next request does not count again", async () => {
  const path = `/api/admin/tickets?search=jammed&department=IT&startDate=${since}&limit=20`;
  const cpu = () => process.threadCpuUsage().user + process.threadCpuUsage().system;
  let started = cpu();
  const first = (await (await t.request(path, { cookie: admin })).json()) as Page;
  const firstCpu = cpu() - started;
  expect([first.total, first.totalIsExact]).toEqual([21, false]);
  started = cpu();
  const again = (await (await t.request(path, { cookie: admin })).json()) as Page;
  const againCpu = cpu() - started;
  expect(again).toEqual(first);
  expect(againCpu).toBeLessThan(firstCpu / 2);
  // a saved view with the same filters, counted without a budget, is counted up to the cap
  const views = await t.request("/api/admin/views", {
    method: "POST",
    cookie: admin,
    json: {
      name: "Jammed IT",
      filters: { search: "jammed", department: "IT", startDate: since },
      viewMode: "list",
    },
  });
  expect(views.status).toBe(201);
  const list = (await (await t.request("/api/admin/views", { cookie: admin })).json()) as {
    name: string;
    count: number;
  }[];
  expect(list.find((v) => v.name === "Jammed IT")?.count).toBe(1000);
});
