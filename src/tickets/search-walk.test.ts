// Search pages read by walking the list's index against the matches (walkSearch) give exactly
// what a brute-force scan gives: every term size, filters, date ranges, sorts, scopes and cursor pages,
// on the bench's seeded tickets with some creation and change times moved out of id order.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { seedBench } from "../../bench/seed";
import { openDatabase } from "../../db/client";
import { ReadCache, type ReadCtx } from "../../db/read-cache";
import { ticketFiltersSchema, type TicketFilters } from "../shared/schemas/filters";
import { listTickets, planList } from "./tickets.queries";
import { walkSearch } from "./search-walk";
import { withBudget } from "../../db/query-budget";
import type { ScopeActor } from "./tickets.scope";
import { tokensOf } from "./tickets.search";

const TICKETS = 12_000;
const CAP = 300; // small, so that terms on either side of it exist among 12,000 tickets
const admin: ScopeActor = {
  id: 1,
  role: "admin",
  canViewAllTickets: true,
  allowedDepartments: [],
  allowedCompanies: [],
};
let dir: string;
let opened: ReturnType<typeof openDatabase>;
/** The app's reads on that database: its connection and its one read cache. */
let r: ReadCtx;
let staff: ScopeActor;
type Row = {
  id: number;
  /** The ticket's own fields, as the trigram index holds them. */
  text: string;
  /** The words of each column of the word index. */
  words: string[][];
  status: string;
  department: string;
  companyName: string;
  priority: string;
  assignedTo: string | null;
  createdAt: number;
  updatedAt: number;
};
let rows: Row[];
/** How many spans of matches were loaded (the loader is prepared once per connection). */
let spansLoaded = 0;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "helpdesk-walk-"));
  await seedBench(dir, TICKETS);
  opened = openDatabase(join(dir, "helpdesk.sqlite"));
  const { sqlite } = opened;
  r = { db: opened.db, cache: new ReadCache(sqlite) };
  const prepare = sqlite.prepare.bind(sqlite);
  sqlite.prepare = ((text: string) => {
    const stmt = prepare(text);
    if (!text.includes("rowid BETWEEN")) return stmt;
    const values = stmt.values.bind(stmt);
    stmt.values = ((...args: Parameters<typeof values>) => {
      spansLoaded++;
      return values(...args);
    }) as typeof values;
    return stmt;
  }) as typeof sqlite.prepare;
  // ids no longer follow creation for every 40th ticket, pairs share a creation time (the id breaks
  // the tie), and the change times are shuffled against the ids
  sqlite.exec(`UPDATE tickets SET created_at = created_at - (id % 7) * 40 * 86400000 WHERE id % 40 = 0;
    UPDATE tickets SET created_at = (SELECT t.created_at FROM tickets t WHERE t.id = tickets.id - 1) WHERE id % 97 = 0;
    UPDATE tickets SET updated_at = created_at + ((id * 7919) % ${TICKETS}) * 60000;`);
  const u = sqlite
    .query(
      "SELECT id, allowed_departments d, allowed_companies c FROM users WHERE email = 'staff0@example.com'",
    )
    .get() as { id: number; d: string; c: string };
  staff = {
    id: u.id,
    role: "staff",
    canViewAllTickets: false,
    allowedDepartments: JSON.parse(u.d),
    allowedCompanies: JSON.parse(u.c),
  };
  rows = sqlite
    .query(
      `SELECT id, lower(ticket_id || char(1) || first_name || char(1) || last_name || char(1) || email || char(1) || description || char(1) || company_name) AS text,
        status, department, company_name AS companyName, priority, assigned_to AS assignedTo, created_at AS createdAt, updated_at AS updatedAt FROM tickets`,
    )
    .all() as Row[];
  const words = new Map(
    (
      sqlite
        .query("SELECT id, person, ticket, replies, internal, files FROM ticket_search_text")
        .values() as [number, ...(string | null)[]][]
    ).map(([id, ...cols]) => [id, cols.map((c) => tokensOf(c ?? ""))]),
  );
  for (const row of rows) row.words = words.get(row.id)!;
}, 120_000);
afterAll(() => {
  opened.sqlite.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Whether a column holds the words in a row, the last one whole or begun. */
const holdsAt = (parts: string[], whole: boolean) => (col: string[]) =>
  col.some((_, i) =>
    parts.every((p, j) => (whole || j < parts.length - 1 ? col[i + j] === p : col[i + j]?.startsWith(p))),
  );

/**
 * Whether a ticket matches a search: each word of three or more characters as a whole word the index
 * holds, else as the start of one, else as a fragment of the ticket's own fields.
 */
const matchers = new Map<string, (r: Row) => boolean>();
const matcher = (term: string) => {
  const kept = matchers.get(term);
  if (kept) return kept;
  const words = term.split(/\s+/).filter((w) => [...w].length >= 3);
  const tests = (words.length ? words : [term]).map((w) => {
    const parts = tokensOf(w);
    for (const whole of [true, false]) {
      const holds = holdsAt(parts, whole);
      if (parts.length && rows.some((r) => r.words.some(holds))) return (r: Row) => r.words.some(holds);
    }
    return (r: Row) => r.text.includes(w.toLowerCase());
  });
  const test = (r: Row) => tests.every((t) => t(r));
  matchers.set(term, test);
  return test;
};

/** The brute-force answer: every ticket checked in memory, sorted, the page after `skip`. */
function reference(actor: ScopeActor, f: TicketFilters) {
  const matches = matcher(f.search!);
  const inScope = (r: Row) =>
    actor.role === "admin" ||
    r.assignedTo === String(actor.id) ||
    (actor.allowedDepartments.includes(r.department) && actor.allowedCompanies.includes(r.companyName));
  const time = (r: Row) => (f.sort === "updated" ? r.updatedAt : r.createdAt);
  const sign = f.order === "asc" ? 1 : -1;
  // sorted by priority: the configured list order (low to urgent), then the time within each
  const rank = (r: Row) => (f.sort === "priority" ? PRIORITIES.indexOf(r.priority) : 0);
  return rows
    .filter(
      (r) =>
        matches(r) &&
        inScope(r) &&
        (!f.status || f.status.includes(r.status)) &&
        (!f.department || r.department === f.department) &&
        (!f.startDate || r.createdAt >= f.startDate.getTime()) &&
        (!f.endDate || r.createdAt <= f.endDate.getTime()),
    )
    .sort((a, b) => sign * (rank(a) - rank(b) || time(a) - time(b) || a.id - b.id))
    .map((r) => r.id);
}

/** The first pages of a list by following nextCursor, as ids. */
function pages(actor: ScopeActor, q: Record<string, string>, count: number) {
  const ids: number[] = [];
  let cursor: string | undefined;
  for (let i = 0; i < count; i++) {
    const page = listTickets(r, actor, ticketFiltersSchema.parse({ ...q, cursor }), {
      countCap: CAP,
    });
    ids.push(...page.tickets.map((t) => t.id));
    if (!page.nextCursor) break;
    cursor = page.nextCursor;
  }
  return ids;
}

const day = 86_400_000;
const now = Date.now();
const iso = (t: number) => new Date(t).toISOString();
const TERMS = ["ticket 1234", "ticket 12", "ada at main office", "ticket 11", "printer", "example.com"];
const FILTERS: Record<string, string>[] = [
  {},
  { status: "open,in_progress" },
  { department: "IT" },
  { startDate: iso(now - 400 * day), endDate: iso(now - 200 * day) },
  { status: "completed", department: "Finance", startDate: iso(now - 700 * day) },
];
const SORTS: Record<string, string>[] = [{}, { order: "asc" }, { sort: "updated" }, { sort: "priority" }];
const PRIORITIES = ["low", "medium", "high", "urgent"];

describe("search walk", () => {
  test("premise: the terms span rare to broad, and broad ones are walked", () => {
    const counts = TERMS.map((term) => reference(admin, ticketFiltersSchema.parse({ search: term })).length);
    expect(counts[0]).toBeLessThan(50);
    expect(counts[2]).toBeGreaterThan(TICKETS / 100); // walked, within the cap: the walk's length is bounded
    expect(counts[2]).toBeLessThan(CAP);
    expect(counts.at(-1)).toBe(TICKETS);
    for (const term of TERMS.slice(2)) {
      const { plan } = planList(r, admin, ticketFiltersSchema.parse({ search: term, limit: "20" }), CAP);
      expect([term, Boolean(plan.walk)]).toEqual([term, true]);
    }
  });

  for (const search of TERMS)
    test(`pages – "${search}" with filters, date ranges and sorts equals a full scan`, () => {
      for (const filters of FILTERS)
        for (const sort of SORTS)
          for (const actor of [admin, staff]) {
            const q = { search, limit: "20", ...filters, ...sort };
            const want = reference(actor, ticketFiltersSchema.parse(q)).slice(0, 60);
            expect([JSON.stringify(q), actor.role, pages(actor, q, 3)]).toEqual([
              JSON.stringify(q),
              actor.role,
              want,
            ]);
          }
    });

  test("a first page past the cap loads one span of matches; within it, the matches gathered whole are walked", () => {
    opened.sqlite.exec("UPDATE users SET updated_at = updated_at WHERE id = 1"); // a write: nothing kept
    const list = (search: string) =>
      listTickets(r, admin, ticketFiltersSchema.parse({ search, limit: "20" }), { countCap: CAP });
    const before = spansLoaded;
    expect(list("ada at main office").tickets).toHaveLength(20);
    expect(spansLoaded - before).toBe(0);
    expect(list("printer").tickets).toHaveLength(20);
    expect(spansLoaded - before).toBe(1);
    list("printer");
    expect(spansLoaded - before).toBe(1); // kept until the next write
  });

  test("a page deep in the list comes from its cursor alone, as the full scan orders it", () => {
    const q = { search: "printer", limit: "50" };
    const all = reference(admin, ticketFiltersSchema.parse(q));
    const first = listTickets(r, admin, ticketFiltersSchema.parse(q), { countCap: CAP });
    let cursor = first.nextCursor!;
    for (let i = 1; i < 8; i++)
      cursor = listTickets(r, admin, ticketFiltersSchema.parse({ ...q, cursor })).nextCursor!;
    const deep = listTickets(r, admin, ticketFiltersSchema.parse({ ...q, cursor }), {
      countCap: CAP,
    });
    expect(deep.tickets.map((t) => t.id)).toEqual(all.slice(400, 450));
    expect(first.totalIsExact).toBe(false);
    expect(first.total).toBe(CAP);
  });

  test("a walk visiting more tickets than it may gives way to reading the matches", () => {
    const f = ticketFiltersSchema.parse({ search: "printer", limit: "20" });
    const { plan } = planList(r, admin, f, CAP);
    const walk = { ...plan.walk!, maxVisits: 5 };
    const answer = walkSearch(
      r,
      walk,
      () => "walked",
      () => "read from the matches",
    );
    expect(answer).toBe("walked"); // nothing walked: the limit is never reached
    const limited = walkSearch(
      r,
      walk,
      () => opened.sqlite.query("SELECT count(*) AS n FROM tickets WHERE search_has(id)").get(),
      () => "read from the matches",
    );
    expect(limited).toBe("read from the matches");
    expect(() => opened.sqlite.query("SELECT search_has(1)").get()).toThrow(/only inside walkSearch/);
  });

  test("each ticket a walk tests counts against the query budget", () => {
    const f = ticketFiltersSchema.parse({ search: "printer", limit: "20" });
    const walk = { ...planList(r, admin, f, CAP).plan.walk!, maxVisits: Number.MAX_SAFE_INTEGER };
    const countAll = () =>
      walkSearch(
        r,
        walk,
        () => opened.sqlite.query("SELECT count(*) AS n FROM tickets WHERE search_has(id)").get(),
        () => "read from the matches",
      );
    const refused = () => new Error("refused");
    expect(withBudget(opened.sqlite, 60_000, countAll, refused)).toEqual({ n: reference(admin, f).length });
    // walks holding no other row test, again and again: only the walk's own test can end them
    // (the thread's CPU clock ticks in steps of a few ms, so one walk alone may finish unseen)
    const walks = () => {
      for (let i = 0; i < 2_000; i++) countAll();
      return "never refused";
    };
    expect(() => withBudget(opened.sqlite, 5, walks, refused)).toThrow("refused");
  });

  test("how far a walk may go: twelve tickets per match, four times that for a count past the cap", () => {
    const plan = (search: string) =>
      planList(r, admin, ticketFiltersSchema.parse({ search, limit: "20" }), CAP).plan.walk!;
    const within = reference(admin, ticketFiltersSchema.parse({ search: "ada at main office" })).length;
    expect(within).toBeLessThan(CAP);
    expect(plan("ada at main office").maxVisits).toBe(within * 12);
    // past the cap the count stops at CAP + 1: reading the matches costs at least that many
    expect(plan("printer").maxVisits).toBe(4 * (CAP + 1) * 12);
  });

  test("a walked page is kept until a write: asked again it walks nothing, and a ticket changed to match shows", () => {
    const { sqlite } = opened;
    const q = ticketFiltersSchema.parse({ search: "printer", department: "IT", limit: "20" });
    const walked: string[] = [];
    const query = sqlite.query.bind(sqlite);
    sqlite.query = ((text: string) => {
      if (text.includes("search_has(")) walked.push(text);
      return query(text);
    }) as typeof sqlite.query;
    const newest = sqlite.query("SELECT max(created_at) AS t FROM tickets").get() as { t: number };
    const other = sqlite
      .query(
        "SELECT id, description, created_at AS createdAt FROM tickets WHERE department = 'IT' AND id NOT IN (SELECT rowid FROM ticket_words WHERE ticket_words MATCH '\"printer\"*') LIMIT 1",
      )
      .get() as { id: number; description: string; createdAt: number };
    try {
      sqlite.exec("UPDATE users SET updated_at = updated_at WHERE id = 1"); // a write: nothing kept
      const first = listTickets(r, admin, q, { countCap: CAP });
      expect(walked.length).toBeGreaterThan(0);
      const walks = walked.length;
      expect(listTickets(r, admin, q, { countCap: CAP })).toEqual(first);
      expect(walked.length).toBe(walks);
      expect(first.tickets.map((t) => t.id)).toEqual(reference(admin, q).slice(0, 20));
      sqlite
        .query("UPDATE tickets SET description = 'the printer again', created_at = ? WHERE id = ?")
        .run(newest.t + 1, other.id);
      const after = listTickets(r, admin, q, { countCap: CAP });
      expect(after.tickets[0]!.id).toBe(other.id);
      expect(after.tickets.slice(1).map((t) => t.id)).toEqual(first.tickets.slice(0, 19).map((t) => t.id));
    } finally {
      sqlite.query = query;
      sqlite
        .query("UPDATE tickets SET description = ?, created_at = ? WHERE id = ?")
        .run(other.description, other.createdAt, other.id);
    }
  });
});
