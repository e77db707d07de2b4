import { and, eq, inArray, not, sql, type SQL } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import type { DbOrTx } from "../../db/client";
import { ticketAssigneeCounts, ticketCounts } from "../../db/schema";
import type { TicketFilters } from "../shared/schemas/filters";
import { listsWhere, scopeOf, type Scope, type ScopeActor } from "./tickets.scope";
import type { ReadCtx } from "../../db/read-cache";

export type Dims = Record<
  "status" | "department" | "companyName" | "ticketType" | "priority",
  SQLiteColumn | SQL
>;

const oneOf = (col: SQLiteColumn | SQL, vs: string[]) =>
  vs.length === 1 ? eq(sql`${col}`, vs[0]!) : inArray(sql`${col}`, vs);

/** The five select filters of Search & Filters, on tickets or on ticket_counts (same column names). */
export function equalityWhere(c: Dims, f: Partial<TicketFilters>): SQL | undefined {
  return and(
    f.status ? oneOf(c.status, f.status) : undefined,
    f.department ? eq(sql`${c.department}`, f.department) : undefined,
    f.ticketType ? eq(sql`${c.ticketType}`, f.ticketType) : undefined,
    f.priority ? oneOf(c.priority, f.priority) : undefined,
    f.company ? eq(sql`${c.companyName}`, f.company) : undefined,
  );
}

/** The assignee filter as a user id, "none" for unassigned, or undefined for anyone. */
export const assigneeOf = (actor: Pick<ScopeActor, "id">, f: Partial<TicketFilters>) =>
  f.assignedTo === "me" ? String(actor.id) : f.assignedTo;

/** Filters the counts table can answer: every one but the search text and the date ranges. */
export const countable = (f: Partial<TicketFilters>) =>
  !f.search &&
  !f.tags &&
  !f.startDate &&
  !f.endDate &&
  !f.processedStartDate &&
  !f.processedEndDate &&
  !f.completedStartDate &&
  !f.completedEndDate &&
  !f.due &&
  !f.cf;

export type CountRow = { status: string; ticketType: string; priority: string; n: number };

/**
 * Tickets in the actor's scope that match f's select filters, counted per (status, type, priority)
 * from ticket_counts (migration 0003); a staff member's assigned tickets outside their lists come
 * from ticket_assignee_counts, so each ticket counts once. Only for filters that are `countable`.
 */
export function countsInScope(
  { db, cache }: ReadCtx,
  actor: ScopeActor,
  f: Partial<TicketFilters>,
): CountRow[] {
  const scope = scopeOf(actor);
  const who = assigneeOf(actor, f);
  const filters = [f.status, f.department, f.ticketType, f.priority, f.company, who];
  return cache.get(db, { kind: "counts", scope, filters }, () =>
    who === undefined ? countRows(db, scope, f) : assigneeRows(db, scope, f, who),
  );
}

function countRows(db: DbOrTx, scope: Scope | undefined, f: Partial<TicketFilters>): CountRow[] {
  const sumOf = summer(db);
  const rows: CountRow[] = [];
  if (!scope || scope.lists)
    rows.push(
      ...sumOf(
        ticketCounts,
        and(scope?.lists ? listsWhere(scope.lists, ticketCounts) : undefined, equalityWhere(ticketCounts, f)),
      ),
    );
  if (scope) {
    const c = ticketAssigneeCounts;
    rows.push(
      ...sumOf(
        c,
        and(
          eq(c.assignedTo, scope.assignee),
          scope.lists ? not(listsWhere(scope.lists, c)) : undefined,
          equalityWhere(c, f),
        ),
      ),
    );
  }
  return rows;
}

/**
 * One assignee's tickets come from ticket_assignee_counts (in scope: all of one's own, else those
 * within one's lists); unassigned ones are every ticket within the lists less the assigned ones.
 */
function assigneeRows(db: DbOrTx, scope: Scope | undefined, f: Partial<TicketFilters>, who: string) {
  const sumOf = summer(db);
  const c = ticketAssigneeCounts;
  const lists = scope?.lists ? listsWhere(scope.lists, c) : undefined;
  if (who !== "none") {
    if (scope && who !== scope.assignee && !scope.lists) return [];
    const within = scope && who !== scope.assignee ? lists : undefined;
    return sumOf(c, and(eq(c.assignedTo, who), within, equalityWhere(c, f)));
  }
  if (scope && !scope.lists) return [];
  const all = sumOf(
    ticketCounts,
    and(scope?.lists ? listsWhere(scope.lists, ticketCounts) : undefined, equalityWhere(ticketCounts, f)),
  );
  const assigned = sumOf(c, and(lists, equalityWhere(c, f)));
  const net = new Map<string, CountRow>();
  for (const [r, sign] of [...all.map((r) => [r, 1] as const), ...assigned.map((r) => [r, -1] as const)]) {
    const k = `${r.status}\u0000${r.ticketType}\u0000${r.priority}`;
    const row = net.get(k) ?? { ...r, n: 0 };
    row.n += sign * Number(r.n);
    net.set(k, row);
  }
  return [...net.values()];
}

type CountTable = typeof ticketCounts | typeof ticketAssigneeCounts;
const summer =
  (db: DbOrTx) =>
  (c: CountTable, where: SQL | undefined): CountRow[] =>
    db
      .select({
        status: c.status,
        ticketType: c.ticketType,
        priority: c.priority,
        n: sql<number>`sum(${c.n})`,
      })
      .from(c)
      .where(where)
      .groupBy(c.status, c.ticketType, c.priority)
      .all();

/** Sums count rows per key (status, type or priority); keys whose tickets are all gone are left out. */
export function sumBy<K extends "status" | "ticketType" | "priority">(
  rows: Pick<CountRow, K | "status" | "n">[],
  key: K,
  keep: (r: { status: string }) => boolean = () => true,
) {
  const out: Record<string, number> = {};
  for (const r of rows) if (keep(r) && r.n > 0) out[r[key]] = (out[r[key]] ?? 0) + Number(r.n);
  return out;
}

export const total = (rows: CountRow[]) => rows.reduce((sum, r) => sum + Number(r.n), 0);
