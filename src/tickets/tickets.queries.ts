import { and, asc, count, eq, gte, lt, sql, type SQL } from "drizzle-orm";
import { rarestTagFirst, tagsOnlyCount, walkTags } from "../tags/tag-plan";
import { perConnection, sqliteOf, type DbOrTx } from "../../db/client";
import { keptCount, orPastBudget, withBudget } from "../../db/query-budget";
import { tooBroad } from "../errors/domain-error";
import { tickets, ticketStatuses } from "../../db/schema";
import { createdBetween } from "../reports/report-counts";
import type { TicketDto, TicketStats } from "../shared/dto";
import type { TicketFilters } from "../shared/schemas/filters";
import { presetRange } from "../shared/dates";
import { scopeOf, scopeWhere, type ScopeActor } from "./tickets.scope";
import {
  idsIn,
  readsByIdUpTo,
  searchMatches,
  searchPlan,
  searchQuery,
  type SearchQuery,
} from "./tickets.search";
import { searchFacets } from "./search-facets";
import { branchesOf, filterConds, filtersWhere } from "./tickets.filters";
import { decodeCursor, encodeCursor, keyOf, orderOf, segmentsOf, type Order } from "./ticket-order";
import { readPage, type ListPlan } from "./ticket-page";
import type { ReadCache, ReadCtx, ReadKey } from "../../db/read-cache";
import { fieldsOnlyCount } from "../custom-fields/field-filters";
import { countWalks, pageWalks } from "../custom-fields/field-plan";
import { nextDueChange } from "../service-levels/due-filters";
import { ticketDtos, ticketsJson, type ListJson } from "./ticket-rows";
import {
  countable,
  assigneeOf,
  countsInScope,
  equalityWhere,
  sumBy,
  total as totalOf,
} from "./tickets.counts";

export const INACTIVE = ["completed", "burnt"];

/** Searches and date ranges are counted exactly up to this many matches, then reported as "at least". */
const COUNT_CAP = 10_000;
const SORT_IN_MEMORY_MAX = 2_000;

export type TicketPage = {
  tickets: TicketDto[];
  total: number;
  /** false when more than the cap matched: total is then a lower bound. */
  totalIsExact: boolean;
  nextCursor: string | null;
};

/** One page in the requested order, the cursor of the next, and the total (exact or bounded). */
export function listTickets(
  r: ReadCtx,
  actor: ScopeActor,
  f: TicketFilters,
  opts: { countCap?: number; budgetMs?: number } = {},
): TicketPage {
  const cap = opts.countCap ?? COUNT_CAP;
  return budgeted(r.db, opts.budgetMs, () => {
    const read = () => {
      const { plan, matches, sortsAll } = planList(r, actor, f, cap);
      const seen = { n: matches };
      if (sortsAll && !f.cursor) plan.onCount = (n) => (seen.n = n);
      return { page: pageTickets(r, plan, f.limit, f.cursor), matches: seen.n };
    };
    // A page holds until a write; by service-level state, also until a clock's next crossing, under a
    // key without the instant its condition names. A queue asked again by every agent watching it, or a
    // search whose walk gives way to its matches, is read once per change.
    const { page, matches } = f.due
      ? keptWhileDue(r, pageKey(actor, f, cap), f.dueNow ?? new Date(), read)
      : r.cache.get(r.db, pageKey(actor, f, cap), read);
    if (!f.cursor && !page.nextCursor) return { ...page, total: page.tickets.length, totalIsExact: true };
    // a page found within the budget is answered even when counting every match would not be:
    // its total is then the lower bound the page proves (this page, and one more after it)
    const atLeast = () => ({ total: page.tickets.length + (page.nextCursor ? 1 : 0), totalIsExact: false });
    return { ...page, ...orPastBudget(() => countTickets(r, actor, f, cap, matches), atLeast) };
  });
}

/** The page as UTF-8 JSON, the bytes JSON.stringify would give, from each ticket's kept bytes. */
export function pageJson(cache: ReadCache, page: TicketPage): ListJson {
  const { tickets: rows, ...rest } = page;
  return ticketsJson(cache, rows, '{"tickets":', `,${JSON.stringify(rest).slice(1)}`);
}

/** A read given `ms` of query time at most (none without), refused as too broad past it. */
const budgeted = <T>(db: DbOrTx, ms: number | undefined, read: () => T): T =>
  ms ? withBudget(sqliteOf(db), ms, read, () => tooBroad()) : read();

/**
 * How a list is read: the filters split into parts that each come off an index in order (see
 * branchesOf). A search matching many tickets walks that order and tests each ticket against the
 * matches (walkSearch); a rarer one is read from its matches, which SQLite then sorts.
 */
export function planList(r: ReadCtx, actor: ScopeActor, given: TicketFilters, cap = COUNT_CAP) {
  const f = rarestTagFirst(r, given);
  const { db } = r;
  const order = orderOf(f);
  const segments = segmentsOf(r, order);
  const facets = searchFacets(actor, f);
  const query = f.search ? searchQuery(db, f.search, facets.expr) : null;
  const found = query && searchMatches(r, query, cap);
  const matches = found ? found.n : null;
  // the walk tests tickets against the word indexes only, so a phone's matches are read, not walked
  const walk = query !== null && !query.phone && searchPlan(matches, f.limit, cap) === "walk-dates";
  // Sorted by last change, a long select-filtered list walks the updated_at index; a short one is sorted.
  const probe =
    f.sort === "updated" && countable(f) && totalOf(countsInScope(r, actor, f)) > SORT_IN_MEMORY_MAX;
  const { rest, branches } = branchesOf(actor, f, probe);
  const others = f.cf ? othersCount(r, actor, f) : undefined;
  const walks = f.cf && pageWalks(r, f.fieldsShare ?? 0, f.limit, others);
  const whole =
    walks === false && !query && branches.length < 2 && segments.length === 1 && others !== undefined;
  // Read whole, the value's tickets or those the other filters keep, whichever are fewer, each tested for
  // the rest and sorted; the one read then counts them too.
  const fewOthers = whole && others < (f.fieldsHolders ?? 0);
  // tags on many tickets are tested per ticket as the page walks its order, not read and sorted
  const tagged = {
    ...rest,
    tagsWalk: walkTags(r, f.tags, f.tagsMode, f.limit),
    fieldsWalk: walks || fewOthers,
  };
  const base = (walk = false) => filterConds(db, actor, tagged, probe, walk);
  // matches gathered in full are read by id, the search's other conditions checked on each
  const ids = found?.ids;
  const byIds = ids
    ? and(idsIn(ids), filterConds(db, actor, { ...tagged, search: undefined }, probe))
    : undefined;
  const fromMatches = !walk && !!ids && ids.length <= readsByIdUpTo(cap);
  const plan: ListPlan = { base: fromMatches ? byIds : base(walk), branches, segments, order, fromMatches };
  // a due filter's condition holds the instant it is read at: its page's ids would never be asked for again
  if (f.due) plan.keep = "dtos";
  if (walk)
    plan.walk = { ...walkOf(r, query!, f.limit, matches!, cap, order), ids, otherwise: byIds ?? base() };
  if (fewOthers) plan.sorted = true;
  return { plan, matches: query && countsAll(query, facets) ? matches : null, sortsAll: whole };
}

/**
 * A match read and sorted costs about twelve walked tickets, so a longer walk per match gives way to reading
 * them. Past the cap, reading costs at least the cap's worth, so the walk may go a few times further: past a
 * burst of recent non-matches, yet leaving budget for a term whose matches are all old (bench/README.md).
 */
const VISITS_PER_MATCH = 12;
const PAST_CAP_WALK = 4;
function walkOf(
  { db, cache }: ReadCtx,
  query: SearchQuery,
  limit: number,
  matches: number,
  cap: number,
  order: Order,
) {
  const ids = cache.get(
    db,
    { kind: "max-id" },
    () => db.all<{ n: number | null }>(sql`SELECT max(${tickets.id}) AS n FROM ${tickets}`)[0]?.n ?? 0,
  );
  const first = Math.min(Math.max(Math.ceil((2 * (limit + 1) * ids) / matches), 1024), 1 << 20);
  const maxVisits = (matches > cap ? PAST_CAP_WALK : 1) * matches * VISITS_PER_MATCH;
  return { query, descending: order.dir === "desc", first, maxVisits };
}

/** Up to `limit` tickets after the cursor; one more is read to know whether a next page exists. */
export function pageTickets(r: ReadCtx, plan: ListPlan, limit: number, cursor?: string) {
  const after = cursor ? decodeCursor(plan.order, cursor) : undefined;
  const rows = readPage(r, plan, limit + 1, after);
  const page = rows.slice(0, limit);
  const nextCursor = rows.length > limit ? encodeCursor(plan.order, keyOf(plan.order, page.at(-1)!)) : null;
  return { tickets: page, nextCursor };
}

/**
 * Select filters alone are summed from the count tables, exactly; a search or a date range is
 * counted up to `cap` matches (a bounded cost) and reported as a lower bound beyond it.
 */
export function countTickets(
  r: ReadCtx,
  actor: ScopeActor,
  f: Partial<TicketFilters>,
  cap = COUNT_CAP,
  matches: number | null = null,
): { total: number; totalIsExact: boolean } {
  if (countable(f)) return { total: totalOf(countsInScope(r, actor, f)), totalIsExact: true };
  const { limit: _l, cursor: _c, sort: _s, order: _o, dueNow: _n, ...filters } = f;
  const key: ReadKey = {
    kind: "bounded-count",
    scope: scopeOf(actor),
    filters: [assigneeOf(actor, f), filters],
    page: cap,
  };
  const count = () => {
    const g = rarestTagFirst(r, f);
    const facets = searchFacets(actor, g);
    const searched = g.search ? searchQuery(r.db, g.search, facets.expr) : null;
    const found = searched && searchMatches(r, searched, cap);
    if (found && countsAll(searched, facets)) return found.n;
    // matches gathered in full: each is read by id and the other filters checked on it
    const others = () => filtersWhere(r.db, actor, { ...fieldsCounted(r, actor, g), search: undefined });
    if (found?.ids) {
      const ranged = g.startDate ? createdBetween(r.db, g.startDate, g.endDate) : null;
      const by = ranged !== null && ranged < RANGE_PER_MATCH * found.ids.length ? "created" : "id";
      return cappedCount(r.db, and(idsIn(found.ids), others()), cap, by);
    }
    return g.cf && !g.search && isBare(actor, { ...g, cf: undefined })
      ? fieldsOnlyCount(r.db, g, cap)
      : g.tags?.length && !g.search && isBare(actor, { ...g, tags: undefined })
        ? tagsOnlyCount(r.db, g.tags, g.tagsMode ?? "any", cap)
        : cappedCount(r.db, filtersWhere(r.db, actor, fieldsCounted(r, actor, g)), cap);
  };
  const n =
    matches ??
    keptCount(sqliteOf(r.db), count, (counted) =>
      f.due ? keptWhileDue(r, key, f.dueNow ?? new Date(), counted) : r.cache.get(r.db, key, counted),
    );
  return n > cap ? { total: cap, totalIsExact: false } : { total: n, totalIsExact: true };
}

/** Field filters beside select filters: tested per ticket when those tickets are fewer than the values read. */
function fieldsCounted(r: ReadCtx, actor: ScopeActor, f: Partial<TicketFilters>) {
  const others = othersCount(r, actor, f);
  if (!f.fieldConds || others === undefined) return f;
  return { ...f, fieldsWalk: countWalks(r.db, f.fieldConds, others) };
}

/** Tickets the filters besides the fields' keep, from the count tables (when those can answer). */
const othersCount = (r: ReadCtx, actor: ScopeActor, f: Partial<TicketFilters>) => {
  const others = { ...f, cf: undefined };
  return countable(others) ? totalOf(countsInScope(r, actor, others)) : undefined;
};

/** Nothing narrows the list but `f`'s one filter left out: no scope, no other filter. */
const isBare = (actor: ScopeActor, f: Partial<TicketFilters>) =>
  !scopeOf(actor) && !f.assignedTo && countable({ ...f, search: undefined }) && !equalityWhere(tickets, f);

/**
 * Whether the word index's matches are exactly the tickets listed: every filter is one of its facets, and
 * no phone number adds tickets it does not filter. FTS5 alone then counts them.
 */
const countsAll = (query: SearchQuery, facets: { exact: boolean }) =>
  facets.exact && query.words !== null && !query.phone;

/**
 * `id`: the condition names the few ids to count, which SQLite reads by rowid rather than by an index;
 * `created`: it walks the date range's creation index instead, testing each entry against those ids.
 */
const cappedCount = (db: DbOrTx, where: SQL | undefined, cap: number, by?: "id" | "created") =>
  db.all<{ n: number }>(
    sql`SELECT count(*) AS n FROM (SELECT 1 FROM ${tickets} ${sql.raw(by ? READ_BY[by] : "")}WHERE ${where ?? sql`1`} LIMIT ${cap + 1})`,
  )[0]!.n;
const READ_BY = { id: "NOT INDEXED ", created: "INDEXED BY tickets_created_idx " };

/**
 * Reading a match by id costs its whole row; an entry of the creation index is a few bytes. Below this
 * many tickets in the date range per match, walking the range counts the matches in it for less.
 */
const RANGE_PER_MATCH = 20;

/**
 * An answer by service-level state holds until the database changes or a clock crosses a due or
 * due-soon instant (nextDueChange), so one clock-free key serves every request until then. The
 * next crossing is itself kept for the instants before it.
 */
function keptWhileDue<T>({ db, cache }: ReadCtx, key: ReadKey, now: Date, compute: () => T): T {
  const t = now.getTime();
  const fresh = (w: { from: number; until: number }) => w.from <= t && t < w.until;
  const window = cache.get(db, { kind: "due-window" }, () => ({ from: t, until: nextDueChange(db, now) }), {
    fresh,
  });
  return cache.get(db, { ...key, asOf: "due-window" }, () => ({ value: compute(), ...window }), { fresh })
    .value;
}

/** Everything a list's page depends on besides the data and the clock. */
function pageKey(actor: ScopeActor, f: TicketFilters, cap: number): ReadKey {
  const { dueNow: _n, cursor, limit, ...rest } = f;
  return { kind: "page", scope: [actor.id, scopeOf(actor)], filters: rest, page: [cursor, limit, cap] };
}

/** Ticket Overview counts, in scope (summed from ticket_counts). */
export function ticketStats(r: ReadCtx, actor: ScopeActor, now: Date, cap = COUNT_CAP): TicketStats {
  const rows = countsInScope(r, actor, {});
  const by = sumBy(rows, "status");
  const due = (state: "breached" | "due_soon") =>
    countTickets(r, actor, { due: state, dueNow: now }, cap).total;
  return {
    breached: due("breached"),
    dueSoon: due("due_soon"),
    total: totalOf(rows),
    open: by.open ?? 0,
    inProgress: by.in_progress ?? 0,
    completed: by.completed ?? 0,
    burnt: by.burnt ?? 0,
    byStatus: activeStatuses(r.db)
      .all()
      .map((s) => ({ ...s, count: by[s.name] ?? 0 })),
  };
}

/** The configured statuses staff work with, in the list's order (prepared once per connection). */
const activeStatuses = perConnection((db: DbOrTx) =>
  db
    .select({ name: ticketStatuses.name, label: ticketStatuses.label })
    .from(ticketStatuses)
    .where(eq(ticketStatuses.isActive, true))
    .orderBy(asc(ticketStatuses.position), asc(ticketStatuses.id))
    .prepare(),
);

/**
 * Breakdown counts computed in SQL so they stay right past any page size: open tickets per type
 * (the type breakdown) and active tickets per priority under every filter but priority
 * ("Active ticket(s)" = not completed or burnt).
 */
export function ticketBreakdown(r: ReadCtx, actor: ScopeActor, f: TicketFilters, budgetMs?: number) {
  return budgeted(r.db, budgetMs, () => breakdownOf(r, actor, f));
}

function breakdownOf(r: ReadCtx, actor: ScopeActor, f: TicketFilters) {
  const { db } = r;
  const byType = sumBy(countsInScope(r, actor, { status: ["open"] }), "ticketType");
  const cards = { ...f, priority: undefined };
  const active = (r: { status: string }) => !INACTIVE.includes(r.status);
  if (countable(cards))
    return { byType, byPriority: sumBy(countsInScope(r, actor, cards), "priority", active) };
  // A search or a date range: counted from the tickets those narrow down to, per (status, priority)
  // on the covering index, where "status NOT IN (…)" made SQLite look up every row.
  const pairs = db
    .select({ status: tickets.status, priority: tickets.priority, n: count() })
    .from(tickets)
    .where(filtersWhere(db, actor, cards))
    .groupBy(tickets.status, tickets.priority)
    .all();
  return { byType, byPriority: sumBy(pairs, "priority", active) };
}

/** Today's activity for the greeting card: created today, and completed today. */
export function todayActivity(r: ReadCtx, actor: ScopeActor, now: Date, listSize = 3) {
  const { start, end } = presetRange("today", now)!;
  return r.cache.get(r.db, { kind: "today", scope: scopeOf(actor), page: listSize, asOf: start }, () =>
    todayRows(r, actor, start, end, listSize),
  );
}

function todayRows(r: ReadCtx, actor: ScopeActor, start: Date, end: Date, listSize: number) {
  const created = and(scopeWhere(actor), gte(tickets.createdAt, start), lt(tickets.createdAt, end));
  // completedAt is only set while a ticket is completed, so the date range alone means
  // "solved today" and stays on the completed_at index instead of walking every completed ticket.
  const solved = and(scopeWhere(actor), gte(tickets.completedAt, start), lt(tickets.completedAt, end));
  const { db } = r;
  return {
    newTickets: db.select({ n: count() }).from(tickets).where(created).get()!.n,
    solvedTickets: db.select({ n: count() }).from(tickets).where(solved).get()!.n,
    newTicketsList: ticketDtos(r, created, listSize),
    solvedTicketsList: ticketDtos(r, solved, listSize, "solvedLast"),
  };
}
