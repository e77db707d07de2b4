import { and, count, gte, lt, lte, type SQL } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { tickets } from "../../db/schema";
import type { TicketDto, TicketStats } from "../shared/dto";
import type { TicketFilters } from "../shared/schemas/filters";
import { presetRange } from "../shared/dates";
import { scopeBranches, scopeOf, scopeWhere, type ScopeActor } from "./tickets.scope";
import { searchMatchCount, searchPlan, searchWhere } from "./tickets.search";
import { memoUntilChange } from "../../db/read-memo";
import { ticketDtos } from "./ticket-rows";
import {
  allTicketsCount,
  countable,
  countsInScope,
  equalityWhere,
  sumBy,
  total as totalOf,
} from "./tickets.counts";

const INACTIVE = ["completed", "burnt"];

/** Every list filter as one condition, always inside the actor's scope. */
function filtersWhere(
  actor: ScopeActor,
  f: Partial<TicketFilters>,
  scope: SQL | undefined = scopeWhere(actor),
): SQL | undefined {
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
export function listTickets(
  db: DbOrTx,
  actor: ScopeActor,
  f: TicketFilters,
): { tickets: TicketDto[]; total: number } {
  // A bare search (no other filter, whole scope) is counted and planned from FTS5 alone.
  const bare =
    f.search && !scopeOf(actor) && countable({ ...f, search: undefined }) && !equalityWhere(tickets, f);
  const matches = bare ? searchMatchCount(db, f.search!) : null;
  // Bare, the search is the whole condition; a broad term then pages by walking the date index.
  const where =
    matches !== null
      ? searchWhere(
          f.search!,
          searchPlan(matches, f.limit, () => allTicketsCount(db)),
        )
      : filtersWhere(actor, f);
  const rows = pageOf(db, actor, f, where);
  if (rows.length < f.limit) return { tickets: rows, total: rows.length };
  // Select filters alone are summed from ticket_counts; a search or a date range is counted.
  const total = countable(f)
    ? totalOf(countsInScope(db, actor, f))
    : (matches ?? db.select({ n: count() }).from(tickets).where(where).get()!.n);
  return { tickets: rows, total };
}

// ISO strings of one format sort as the instants they name
const newestFirst = (a: TicketDto, b: TicketDto) =>
  a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : b.id - a.id;

/**
 * One sorted page. A staff scope is an OR (their lists, or assigned to them) that no single index
 * can return in order, so SQLite sorted the whole scope (~0.5 s at 1 M); each branch reads its own
 * newest page instead and the pages are merged here. Once one branch fills a page, a later branch
 * only needs tickets at least as new as that page's last: anything older cannot make the page.
 */
function pageOf(db: DbOrTx, actor: ScopeActor, f: TicketFilters, where: SQL | undefined): TicketDto[] {
  const branches = scopeBranches(actor);
  if (!branches || branches.length < 2) return ticketDtos(db, where, f.limit);
  const seen = new Map<number, TicketDto>();
  let oldest: string | undefined;
  for (const b of branches) {
    const since = oldest ? gte(tickets.createdAt, new Date(oldest)) : undefined;
    const page = ticketDtos(db, and(filtersWhere(actor, f, b), since), f.limit);
    for (const r of page) seen.set(r.id, r);
    if (page.length === f.limit && !oldest) oldest = page.at(-1)!.createdAt;
  }
  return [...seen.values()].sort(newestFirst).slice(0, f.limit);
}

/** Ticket Overview counts, in scope (summed from ticket_counts). */
export function ticketStats(db: DbOrTx, actor: ScopeActor): TicketStats {
  const rows = countsInScope(db, actor, {});
  const by = sumBy(rows, "status");
  return {
    total: totalOf(rows),
    open: by.open ?? 0,
    inProgress: by.in_progress ?? 0,
    completed: by.completed ?? 0,
    burnt: by.burnt ?? 0,
  };
}

/**
 * Breakdown counts computed in SQL so they stay right past any page size: open tickets per type
 * (the type breakdown) and active tickets per priority under every filter but priority
 * ("Active ticket(s)" = not completed or burnt).
 */
export function ticketBreakdown(db: DbOrTx, actor: ScopeActor, f: TicketFilters) {
  const byType = sumBy(countsInScope(db, actor, { status: "open" }), "ticketType");
  const cards = { ...f, priority: undefined };
  const active = (r: { status: string }) => !INACTIVE.includes(r.status);
  if (countable(cards))
    return { byType, byPriority: sumBy(countsInScope(db, actor, cards), "priority", active) };
  // A search or a date range: counted from the tickets those narrow down to, per (status, priority)
  // on the covering index, where "status NOT IN (…)" made SQLite look up every row.
  const pairs = db
    .select({ status: tickets.status, priority: tickets.priority, n: count() })
    .from(tickets)
    .where(filtersWhere(actor, cards))
    .groupBy(tickets.status, tickets.priority)
    .all();
  return { byType, byPriority: sumBy(pairs, "priority", active) };
}

/** Today's activity for the greeting card: created today, and completed today. */
export function todayActivity(db: DbOrTx, actor: ScopeActor, now: Date, listSize = 3) {
  const { start, end } = presetRange("today", now)!;
  return memoUntilChange(db, JSON.stringify(["today", scopeOf(actor), start, listSize]), () =>
    todayRows(db, actor, start, end, listSize),
  );
}

function todayRows(db: DbOrTx, actor: ScopeActor, start: Date, end: Date, listSize: number) {
  const created = and(scopeWhere(actor), gte(tickets.createdAt, start), lt(tickets.createdAt, end));
  // completedAt is only set while a ticket is completed, so the date range alone means
  // "solved today" and stays on the completed_at index instead of walking every completed ticket.
  const solved = and(scopeWhere(actor), gte(tickets.completedAt, start), lt(tickets.completedAt, end));
  return {
    newTickets: db.select({ n: count() }).from(tickets).where(created).get()!.n,
    solvedTickets: db.select({ n: count() }).from(tickets).where(solved).get()!.n,
    newTicketsList: ticketDtos(db, created, listSize),
    solvedTicketsList: ticketDtos(db, solved, listSize, "solvedLast"),
  };
}
