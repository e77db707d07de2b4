import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { createTestApp, type TestApp } from "../../src/testing/test-app";
import { tickets, users, type TicketRow } from "../../db/schema";
import { insertTicket } from "../../src/tickets/admin-tickets.fixtures";

let t: TestApp;
let admin: string;
let staff: string;
let staffId: string;
const PRIORITIES = ["low", "medium", "high", "urgent"];
const STATUSES = ["open", "in_progress", "completed", "burnt"];
const base = new Date(2026, 0, 1).getTime();

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.loginAs("admin");
  staff = await t.loginAs("staff", { email: "pager@example.com", allowedDepartments: ["IT"] });
  staffId = String(t.db.select().from(users).where(eq(users.email, "pager@example.com")).get()!.id);
  for (let i = 0; i < 90; i++)
    insertTicket(t, {
      // every three tickets share a creation time, so the id tie-break is exercised
      createdAt: new Date(base + Math.floor(i / 3) * 60_000),
      updatedAt: new Date(base + ((i * 37) % 90) * 60_000),
      priority: PRIORITIES[(i * 7) % 4],
      status: STATUSES[(i * 5) % 4],
      department: i % 3 ? "IT" : "Finance",
      assignedTo: i % 4 === 0 ? staffId : i % 5 === 0 ? "1" : null,
      // a priority no longer configured still has a place (last) in the priority order
      ...(i === 10 ? { priority: "legacy" } : {}),
      ...clocks(i),
    });
});
afterAll(() => t.close());

/** Service-level clocks with shared due times (the tie-break) and some tickets without any. */
function clocks(i: number) {
  if (i % 6 === 0) return {};
  const resolutionDueAt = new Date(base + ((i * 13) % 20) * 3_600_000);
  return {
    resolutionDueAt,
    firstResponseDueAt: new Date(resolutionDueAt.getTime() - (i % 3) * 1_800_000),
    firstRespondedAt: i % 4 === 1 ? new Date(base) : null,
  };
}

type Page = { tickets: TicketRow[]; nextCursor: string | null; total: number; totalIsExact: boolean };
async function page(cookie: string, q: URLSearchParams) {
  const res = await t.request(`/api/admin/tickets?${q}`, { cookie });
  expect(res.status).toBe(200);
  return (await res.json()) as Page;
}

/** Follows nextCursor to the end; `between` runs after each page (to insert tickets meanwhile). */
async function walk(cookie: string, query: Record<string, string>, between?: () => void) {
  const seen: number[] = [];
  let cursor: string | null = null;
  for (let n = 0; n < 500; n++) {
    const q = new URLSearchParams(query);
    if (cursor) q.set("cursor", cursor);
    const p = await page(cookie, q);
    seen.push(...p.tickets.map((x) => x.id));
    cursor = p.nextCursor;
    between?.();
    if (!cursor) break;
  }
  return seen;
}

const rank = (sort: string, r: TicketRow) => {
  const list = sort === "priority" ? PRIORITIES : STATUSES;
  const i = list.indexOf(sort === "priority" ? r.priority : r.status);
  return i < 0 ? list.length : i;
};
/** The earliest due time of a running clock: first response while open and unanswered, resolution while open. */
function nextDue(r: TicketRow): number | null {
  if (r.status !== "open" && r.status !== "in_progress") return null;
  const first = r.status === "open" && !r.firstRespondedAt ? r.firstResponseDueAt : null;
  const times = [first, r.resolutionDueAt].filter((d) => d !== null).map((d) => d.getTime());
  return times.length ? Math.min(...times) : null;
}

/** The brute-force reference: every row in JavaScript, filtered and sorted by the documented rule. */
function reference(rows: TicketRow[], sort: string, order: string) {
  const time = (r: TicketRow) => (sort === "updated" ? r.updatedAt : r.createdAt).getTime();
  const sign = order === "desc" ? -1 : 1;
  if (sort === "due") {
    // tickets with a running clock by due time, then the rest by id; either order keeps the rest last
    const due = (r: TicketRow) => nextDue(r) ?? Number.NaN;
    const [timed, rest] = [rows.filter((r) => nextDue(r) !== null), rows.filter((r) => nextDue(r) === null)];
    const byDue = timed.sort((a, b) => sign * (due(a) - due(b) || a.id - b.id));
    return [...byDue, ...rest.sort((a, b) => sign * (a.id - b.id))].map((r) => r.id);
  }
  return [...rows]
    .sort((a, b) => {
      const byRank = sort === "priority" || sort === "status" ? rank(sort, a) - rank(sort, b) : 0;
      return sign * (byRank || time(a) - time(b) || a.id - b.id);
    })
    .map((r) => r.id);
}
const all = () => t.db.select().from(tickets).all();
const inStaffScope = (r: TicketRow) => r.department === "IT" || r.assignedTo === staffId;

describe("admin list – cursor pages", () => {
  for (const sort of ["created", "updated", "priority", "status", "due"])
    for (const order of ["desc", "asc"])
      test(`pages sorted by ${sort} ${order} equal the whole sorted list, for admin and limited staff`, async () => {
        const rows = all();
        for (const [cookie, visible] of [
          [admin, rows],
          [staff, rows.filter(inStaffScope)],
        ] as const) {
          const ids = await walk(cookie, { sort, order, limit: "7" });
          expect(ids).toEqual(reference(visible, sort, order));
        }
      });

  test("every ticket of a filter is visited exactly once while new tickets arrive between pages", async () => {
    const filters: Record<string, string>[] = [
      { priority: "high,urgent" },
      { status: "open,in_progress", sort: "priority", order: "desc" },
      { assignedTo: "none", sort: "updated" },
      { search: "printer", sort: "status", order: "asc" },
      { status: "open,in_progress", sort: "due", order: "asc" },
      { sort: "due", order: "desc" },
    ];
    for (const f of filters)
      for (const cookie of [admin, staff]) {
        const before = (await walk(cookie, { ...f, limit: "1000" })).sort((a, b) => a - b);
        let n = 0;
        const seen = await walk(cookie, { ...f, limit: "4" }, () => {
          n += 1;
          insertTicket(t, { priority: "urgent", status: "open", createdAt: new Date(base + n * 1000) });
        });
        expect(new Set(seen).size).toBe(seen.length);
        const old = seen.filter((id) => before.includes(id)).sort((a, b) => a - b);
        expect(old).toEqual(before);
      }
  }, 60_000);

  test("multi-value and assignee filters match their single-value meaning", async () => {
    const rows = all();
    const ids = (pred: (r: TicketRow) => boolean) => reference(rows.filter(pred), "created", "desc");
    expect(await walk(admin, { priority: "high,urgent", limit: "9" })).toEqual(
      ids((r) => r.priority === "high" || r.priority === "urgent"),
    );
    expect(await walk(admin, { priority: "high", limit: "9" })).toEqual(ids((r) => r.priority === "high"));
    expect(await walk(admin, { assignedTo: "none", limit: "9" })).toEqual(ids((r) => r.assignedTo === null));
    expect(await walk(staff, { assignedTo: "me", limit: "9" })).toEqual(ids((r) => r.assignedTo === staffId));
    expect(await walk(staff, { assignedTo: "1", limit: "9" })).toEqual(
      ids((r) => r.assignedTo === "1" && r.department === "IT"),
    );
    const p = await page(admin, new URLSearchParams({ status: "open,burnt", limit: "5" }));
    expect([p.total, p.totalIsExact]).toEqual([
      rows.filter((r) => ["open", "burnt"].includes(r.status)).length,
      true,
    ]);
  });

  test("an unknown sort, order or a forged cursor is a 400, never a 500", async () => {
    for (const q of [
      "sort=title",
      "order=up",
      "cursor=abc",
      "assignedTo=someone",
      "sort=priority&cursor=WyJjcmVhdGVkIl0",
    ]) {
      const res = await t.request(`/api/admin/tickets?${q}`, { cookie: admin });
      expect([q, res.status]).toEqual([q, 400]);
    }
    const first = await page(admin, new URLSearchParams({ limit: "2" }));
    const res = await t.request(`/api/admin/tickets?sort=updated&cursor=${first.nextCursor}`, {
      cookie: admin,
    });
    expect(res.status).toBe(400);
  });

  // past 2,000 matches a list sorted by last change walks the updated_at index instead of sorting
  test("a long filtered list sorted by last change pages exactly like the reference", async () => {
    const insert = t.sqlite.prepare(
      `insert into tickets (ticket_id, first_name, last_name, email, phone, company_name, department, ticket_type, priority, description, status, assigned_to, created_at, updated_at)
       values (?, 'A', 'B', 'a@example.com', '555', 'Main Office', ?, 'IT', ?, 'Printer', ?, ?, ?, ?)`,
    );
    t.sqlite.transaction(() => {
      for (let i = 0; i < 6000; i++)
        insert.run(
          `WI-2024-${i}`,
          i % 2 ? "IT" : "Finance",
          PRIORITIES[i % 4]!,
          STATUSES[i % 3]!,
          i % 5 ? null : staffId,
          base + i * 1000,
          base + ((i * 7919) % 6000) * 500,
        );
    })();
    const rows = all();
    for (const order of ["desc", "asc"])
      for (const [q, pred] of [
        [{ status: "open" }, (r: TicketRow) => r.status === "open"],
        [{ priority: "high,urgent" }, (r: TicketRow) => r.priority === "high" || r.priority === "urgent"],
        [
          { assignedTo: "none", status: "open,in_progress" },
          (r: TicketRow) => r.assignedTo === null && r.status !== "completed" && r.status !== "burnt",
        ],
      ] as const) {
        const ids = await walk(admin, { ...q, sort: "updated", order, limit: "100" });
        expect(ids).toEqual(reference(rows.filter(pred), "updated", order));
      }
    const scoped = await walk(staff, { status: "open", sort: "updated", limit: "100" });
    expect(scoped).toEqual(
      reference(
        rows.filter((r) => inStaffScope(r) && r.status === "open"),
        "updated",
        "desc",
      ),
    );
  }, 60_000);
});

describe("admin list – compression", () => {
  test("a client that takes gzip gets the same JSON gzipped; one that does not, or a tiny page, gets it plain", async () => {
    const get = (query: string, encoding?: string) =>
      t.request(`/api/admin/tickets?${query}`, {
        cookie: admin,
        headers: encoding ? { "Accept-Encoding": encoding } : {},
      });
    const plain = await get("limit=50");
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(plain.headers.get("vary")).toContain("Accept-Encoding");
    const text = await plain.text();
    expect(JSON.parse(text).tickets).toHaveLength(50);
    for (const encoding of ["gzip, deflate, br, zstd", "gzip"]) {
      const zipped = await get("limit=50", encoding);
      expect(zipped.headers.get("content-encoding")).toBe("gzip");
      expect(zipped.headers.get("vary")).toContain("Accept-Encoding");
      const bytes = new Uint8Array(await zipped.arrayBuffer());
      expect(bytes.length).toBeLessThan(text.length / 3);
      expect(new TextDecoder().decode(Bun.gunzipSync(bytes))).toBe(text);
    }
    expect((await get("limit=50", "gzip;q=0, br")).headers.get("content-encoding")).toBeNull();
    // a page smaller than a packet is not worth it
    const tiny = await get("status=no-such-status", "gzip");
    expect(tiny.status).toBe(200);
    expect(tiny.headers.get("content-encoding")).toBeNull();
    expect(await tiny.json()).toMatchObject({ tickets: [], total: 0 });
  });
});
