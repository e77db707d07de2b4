import { and, count, desc, gte, lt, lte, sql, type SQL } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { tickets, type TicketRow } from "../../db/schema";
import type { TicketStats } from "../shared/dto";
import type { TicketFilters } from "../shared/schemas/filters";
import { presetRange } from "../shared/dates";
import { scopeBranches, scopeOf, scopeWhere, type ScopeActor } from "./tickets.scope";
import { searchMatchCount, searchPlan, searchWhere } from "./tickets.search";
import { memoUntilChange } from "./read-memo";
import { allTicketsCount, countable, countsInScope, equalityWhere, sumBy, total as totalOf } from "./tickets.counts";

const INACTIVE = ["completed", "burnt"];

// The unfiltered first page (admins and view-all staff opening /admin) is read on every page load:
// prepared once per connection instead of being rebuilt by Drizzle on each request (DESIGN: traps).
const BUILDERS = {
  page: (db: DbOrTx) => db.select().from(tickets).orderBy(desc(tickets.createdAt), desc(tickets.id)).limit(sql.placeholder("limit")).prepare(),
};
type Prepared = { [K in keyof typeof BUILDERS]: ReturnType<(typeof BUILDERS)[K]> };
const byDb = new WeakMap<DbOrTx, Partial<Prepared>>();
function stmt<K extends keyof Prepared>(db: DbOrTx, key: K): Prepared[K] {
  const cache = byDb.get(db) ?? byDb.set(db, {}).get(db)!;
  return (cache[key] ??= BUILDERS[key](db) as Prepared[K]);
}

/** Every filter of spec §7 as one condition, always inside the actor's scope (contract: Access). */
export function filtersWhere(actor: ScopeActor, f: Partial<TicketFilters>, scope: SQL | undefined = scopeWhere(actor)): SQL | undefined {
  return and(
    scope,
    f.search ? searchWhere(f.search) : undefined,
    equalityWhere(tickets, f),
    f.startDate ? gte(tickets.createdAt, f.startDate) : undefined,
    f.endDate ? lte(tickets.createdAt, f.endDate) : undefined,
    f.processedStartDate ? gte(tickets.processedAt, f.processedStartDate) : undefined,
    f.processedEndDate ? lte(tickets.processedAt, f.processedEndDate) : undefined,
    f.completedStartDate ? gte(tickets.completedAt, f.completedStartDate) : undefined,
    f.completedEndDate ? lte(tickets.completedAt, f.completedEndDate) : undefined,
  );
}

/** One page, newest first, plus the uncapped total of matches (a count is never a page length). */
export function listTickets(db: DbOrTx, actor: ScopeActor, f: TicketFilters): { tickets: TicketRow[]; total: number } {
  // A bare search (no other filter, whole scope) is counted and planned from FTS5 alone.
  const bare = f.search && !scopeOf(actor) && countable({ ...f, search: undefined }) && !equalityWhere(tickets, f);
  const matches = bare ? searchMatchCount(db, f.search!) : null;
  // Bare, the search is the whole condition; a broad term then pages by walking the date index.
  const where = matches !== null ? searchWhere(f.search!, searchPlan(matches, f.limit, () => allTicketsCount(db))) : filtersWhere(actor, f);
  const rows = where ? pageOf(db, actor, f, where) : stmt(db, "page").all({ limit: f.limit });
  if (rows.length < f.limit) return { tickets: rows, total: rows.length };
  // Select filters alone are summed from ticket_counts; a search or a date range is counted.
  const total = countable(f) ? totalOf(countsInScope(db, actor, f)) : (matches ?? db.select({ n: count() }).from(tickets).where(where).get()!.n);
  return { tickets: rows, total };
}

const newestFirst = (a: TicketRow, b: TicketRow) => b.createdAt.getTime() - a.createdAt.getTime() || b.id - a.id;

/**
 * One sorted page. A staff scope is an OR (their lists, or assigned to them) that no single index
 * can return in order, so SQLite sorted the whole scope (~0.5 s at 1 M); each branch reads its own
 * newest page instead and the pages are merged here.
 */
function pageOf(db: DbOrTx, actor: ScopeActor, f: TicketFilters, where: SQL | undefined): TicketRow[] {
  const branches = scopeBranches(actor);
  const read = (w: SQL | undefined) => db.select().from(tickets).where(w).orderBy(desc(tickets.createdAt), desc(tickets.id)).limit(f.limit).all();
  if (!branches || branches.length < 2) return read(where);
  const seen = new Map<number, TicketRow>();
  for (const b of branches) for (const r of read(filtersWhere(actor, f, b))) seen.set(r.id, r);
  return [...seen.values()].sort(newestFirst).slice(0, f.limit);
}

/** Ticket Overview counts, in scope (summed from ticket_counts). */
export function ticketStats(db: DbOrTx, actor: ScopeActor): TicketStats {
  const rows = countsInScope(db, actor, {});
  const by = sumBy(rows, "status");
  return { total: totalOf(rows), open: by.open ?? 0, inProgress: by.in_progress ?? 0, completed: by.completed ?? 0, burnt: by.burnt ?? 0 };
}

/**
 * Breakdown counts computed in SQL so they stay right past any page size: open tickets per type
 * (spec: type breakdown) and active tickets per priority under every filter but priority
 * (contract: "Active ticket(s)" = not completed or burnt).
 */
export function ticketBreakdown(db: DbOrTx, actor: ScopeActor, f: TicketFilters) {
  const byType = sumBy(countsInScope(db, actor, { status: "open" }), "ticketType");
  const cards = { ...f, priority: undefined };
  const active = (r: { status: string }) => !INACTIVE.includes(r.status);
  if (countable(cards)) return { byType, byPriority: sumBy(countsInScope(db, actor, cards), "priority", active) };
  // A search or a date range: counted from the tickets those narrow down to, per (status, priority)
  // on the covering index, where "status NOT IN (…)" made SQLite look up every row.
  const pairs = db.select({ status: tickets.status, priority: tickets.priority, n: count() }).from(tickets).where(filtersWhere(actor, cards)).groupBy(tickets.status, tickets.priority).all();
  return { byType, byPriority: sumBy(pairs, "priority", active) };
}

/** Today's activity for the greeting card: created today, and completed today. */
export function todayActivity(db: DbOrTx, actor: ScopeActor, now: Date, listSize = 3) {
  const { start, end } = presetRange("today", now)!;
  return memoUntilChange(db, JSON.stringify(["today", scopeOf(actor), start, listSize]), () => todayRows(db, actor, start, end, listSize));
}

function todayRows(db: DbOrTx, actor: ScopeActor, start: Date, end: Date, listSize: number) {
  const created = and(scopeWhere(actor), gte(tickets.createdAt, start), lt(tickets.createdAt, end));
  // completedAt is only set while a ticket is completed (contract), so the date range alone means
  // "solved today" and stays on the completed_at index instead of walking every completed ticket.
  const solved = and(scopeWhere(actor), gte(tickets.completedAt, start), lt(tickets.completedAt, end));
  return {
    newTickets: db.select({ n: count() }).from(tickets).where(created).get()!.n,
    solvedTickets: db.select({ n: count() }).from(tickets).where(solved).get()!.n,
    newTicketsList: db.select().from(tickets).where(created).orderBy(desc(tickets.createdAt)).limit(listSize).all(),
    solvedTicketsList: db.select().from(tickets).where(solved).orderBy(desc(tickets.completedAt)).limit(listSize).all(),
  };
}
