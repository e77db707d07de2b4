import { and, eq, not, sql, type SQL } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import type { DbOrTx } from "../../db/client";
import { ticketAssigneeCounts, ticketCounts } from "../../db/schema";
import type { TicketFilters } from "../shared/schemas/filters";
import { listsWhere, scopeOf, type Scope, type ScopeActor } from "./tickets.scope";
import type { Database } from "bun:sqlite";

type Dims = Record<"status" | "department" | "companyName" | "ticketType" | "priority", SQLiteColumn>;

/** The five select filters of Search & Filters, on tickets or on ticket_counts (same column names). */
export function equalityWhere(c: Dims, f: Partial<TicketFilters>): SQL | undefined {
  return and(
    f.status ? eq(c.status, f.status) : undefined,
    f.department ? eq(c.department, f.department) : undefined,
    f.ticketType ? eq(c.ticketType, f.ticketType) : undefined,
    f.priority ? eq(c.priority, f.priority) : undefined,
    f.company ? eq(c.companyName, f.company) : undefined,
  );
}

/** Filters the counts table can answer: every one but the search text and the date ranges. */
export const countable = (f: Partial<TicketFilters>) =>
  !f.search && !f.startDate && !f.endDate && !f.processedStartDate && !f.processedEndDate && !f.completedStartDate && !f.completedEndDate;

export type CountRow = { status: string; ticketType: string; priority: string; n: number };

/**
 * Tickets in the actor's scope that match f's select filters, counted per (status, type, priority)
 * from ticket_counts (migration 0003); a staff member's assigned tickets outside their lists come
 * from ticket_assignee_counts, so each ticket counts once. Only for filters that are `countable`.
 */
export function countsInScope(db: DbOrTx, actor: ScopeActor, f: Partial<TicketFilters>): CountRow[] {
  const scope = scopeOf(actor);
  const memo = memoFor(db);
  const key = JSON.stringify([scope, f.status, f.department, f.ticketType, f.priority, f.company]);
  const hit = memo?.rows.get(key);
  if (hit) return hit;
  const rows = countRows(db, scope, f);
  if (memo) {
    if (memo.rows.size >= MEMO_SIZE) memo.rows.clear();
    memo.rows.set(key, rows);
  }
  return rows;
}

function countRows(db: DbOrTx, scope: Scope | undefined, f: Partial<TicketFilters>): CountRow[] {
  const rows: CountRow[] = [];
  const sumOf = (c: typeof ticketCounts | typeof ticketAssigneeCounts, where: SQL | undefined) =>
    db.select({ status: c.status, ticketType: c.ticketType, priority: c.priority, n: sql<number>`sum(${c.n})` }).from(c).where(where).groupBy(c.status, c.ticketType, c.priority).all();
  if (!scope || scope.lists) rows.push(...sumOf(ticketCounts, and(scope?.lists ? listsWhere(scope.lists, ticketCounts) : undefined, equalityWhere(ticketCounts, f))));
  if (scope) {
    const c = ticketAssigneeCounts;
    rows.push(...sumOf(c, and(eq(c.assignedTo, scope.assignee), scope.lists ? not(listsWhere(scope.lists, c)) : undefined, equalityWhere(c, f))));
  }
  return rows;
}

/**
 * countsInScope's answers, kept until the database changes: total_changes() moves with every row
 * this connection writes (triggers included), PRAGMA data_version with every commit by another
 * connection or process. Per database handle and bounded; a transaction always reads fresh.
 */
type Memo = { version: string; rows: Map<string, CountRow[]>; current: () => string };
const memos = new WeakMap<Database, Memo>();
const MEMO_SIZE = 256;

function memoFor(db: DbOrTx): Memo | null {
  const client = (db as { $client?: Database }).$client;
  if (!client) return null;
  let memo = memos.get(client);
  if (!memo) {
    const own = client.prepare<{ c: number }, []>("SELECT total_changes() AS c");
    const others = client.prepare<{ data_version: number }, []>("PRAGMA data_version");
    memo = { version: "", rows: new Map(), current: () => `${others.get()!.data_version}:${own.get()!.c}` };
    memos.set(client, memo);
  }
  const version = memo.current();
  if (version !== memo.version) {
    memo.rows.clear();
    memo.version = version;
  }
  return memo;
}

/** Sums count rows per key (status, type or priority); keys whose tickets are all gone are left out. */
export function sumBy(rows: CountRow[], key: "status" | "ticketType" | "priority", keep: (r: CountRow) => boolean = () => true) {
  const out: Record<string, number> = {};
  for (const r of rows) if (keep(r) && r.n > 0) out[r[key]] = (out[r[key]] ?? 0) + Number(r.n);
  return out;
}

/** Every ticket there is, whoever asks (for sizing a search plan, never shown). */
export const allTicketsCount = (db: DbOrTx) => Number(db.select({ n: sql<number>`coalesce(sum(${ticketCounts.n}), 0)` }).from(ticketCounts).get()!.n);

export const total = (rows: CountRow[]) => rows.reduce((sum, r) => sum + Number(r.n), 0);
