import { searchFacets } from "./search-facets";
import { and, eq, gte, isNull, lte, sql, type SQL } from "drizzle-orm";
import { tickets } from "../../db/schema";
import type { TicketFilters } from "../shared/schemas/filters";
import { scopeBranches, scopeWhere, type ScopeActor } from "./tickets.scope";
import { searchWhere } from "./tickets.search";
import { searchHas } from "./search-walk";
import type { DbOrTx } from "../../db/client";
import { withinBudget } from "../../db/query-budget";
import { dueWhere } from "../service-levels/due-filters";
import { tagsWhere } from "../tags/tag-filter";
import { assigneeOf, equalityWhere, type Dims } from "./tickets.counts";
import { fieldFiltersWhere } from "../custom-fields/field-filters";

/**
 * The select columns as SQLite may use their indexes, or (`probe`) only check them: a long list in
 * an order no select index holds (last change) then walks that order's index instead of sorting.
 */
const columns = (probe: boolean): Dims & { assignedTo: Dims["status"] } =>
  probe
    ? {
        status: sql`+${tickets.status}`,
        department: sql`+${tickets.department}`,
        companyName: sql`+${tickets.companyName}`,
        ticketType: sql`+${tickets.ticketType}`,
        priority: sql`+${tickets.priority}`,
        assignedTo: sql`+${tickets.assignedTo}`,
      }
    : tickets;

/**
 * Every filter of Search & Filters as one condition, without the actor's scope. `walk`: the search is
 * tested per walked ticket (walkSearch) instead of read from its matches.
 */
export function filterConds(
  db: DbOrTx,
  actor: ScopeActor,
  f: Partial<TicketFilters>,
  probe = false,
  walk = false,
): SQL | undefined {
  const who = assigneeOf(actor, f);
  const cols = columns(probe);
  return and(
    // A search or a date range may walk many rows: each counts against the request's budget
    // (a walked search's test counts them itself, and comes first).
    (f.search || hasDates(f)) && !walk ? withinBudget(tickets.id) : undefined,
    f.search ? (walk ? searchHas(db) : searchWhere(db, f.search, searchFacets(actor, f).expr)) : undefined,
    equalityWhere(cols, f),
    who === "none" ? isNull(sql`${cols.assignedTo}`) : who ? eq(sql`${cols.assignedTo}`, who) : undefined,
    f.startDate ? gte(tickets.createdAt, f.startDate) : undefined,
    f.endDate ? lte(tickets.createdAt, f.endDate) : undefined,
    f.processedStartDate ? gte(tickets.processedAt, f.processedStartDate) : undefined,
    f.processedEndDate ? lte(tickets.processedAt, f.processedEndDate) : undefined,
    f.completedStartDate ? gte(tickets.completedAt, f.completedStartDate) : undefined,
    f.completedEndDate ? lte(tickets.completedAt, f.completedEndDate) : undefined,
    f.due ? dueWhere(f.due, f.dueNow ?? new Date()) : undefined,
    tagsWhere(f.tags, f.tagsMode, f.tagsWalk),
    fieldFiltersWhere(f),
  );
}

const hasDates = (f: Partial<TicketFilters>) =>
  Boolean(
    f.startDate ||
      f.endDate ||
      f.processedStartDate ||
      f.processedEndDate ||
      f.completedStartDate ||
      f.completedEndDate,
  );

/** Every filter, always inside the actor's scope. */
export const filtersWhere = (db: DbOrTx, actor: ScopeActor, f: Partial<TicketFilters>) =>
  and(scopeWhere(actor), filterConds(db, actor, f));

/**
 * The OR parts of a list (each branch of the staff scope, each value of a multi-value filter), so
 * each part is read in order from its own index and the parts merged: SQLite would otherwise sort
 * every matching ticket for one page. The sorted-by dimension is left to its segments.
 */
export function branchesOf(actor: ScopeActor, f: TicketFilters, probe = false) {
  let branches: (SQL | undefined)[] = scopeBranches(actor, f.sort === "updated") ?? [undefined];
  const rest = { ...f };
  for (const dim of ["status", "priority"] as const) {
    const values = f[dim];
    if (!values || values.length < 2 || f.sort === dim) continue;
    rest[dim] = undefined;
    branches = branches.flatMap((b) => values.map((v) => and(b, eq(sql`${columns(probe)[dim]}`, v))));
  }
  return { rest, branches: branches.filter((b): b is SQL => b !== undefined) };
}
