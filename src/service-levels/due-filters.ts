import { and, eq, gt, gte, inArray, isNull, lt, lte, or, type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { tickets } from "../../db/schema";
import { RUNNING_STATUSES } from "../shared/due-state";

// The first-response clock runs only while a ticket is Open and unanswered; resolution while open or in progress.
// The unary + keeps SQLite from reading these through a status index: every open ticket, not the day's work.
const status = sql`+${tickets.status}`;
const firstRunning = and(eq(status, "open"), isNull(tickets.firstRespondedAt));
const resolutionRunning = inArray(status, [...RUNNING_STATUSES]);

/**
 * Either running clock past its due time. next_due_at is the earliest due time of the running
 * clocks, so this is one range on its index: the count stops at its cap without reading a ticket.
 */
function breachedWhere(now: Date): SQL {
  return lt(tickets.nextDueAt, now);
}

/**
 * Either running clock in its last quarter, and none breached. Not breached is next_due_at ≥ now:
 * a range holding only the tickets still on time (the day's work, never the breached backlog),
 * each then checked for a clock past its due-soon instant.
 */
function dueSoonWhere(now: Date): SQL {
  const soon = or(
    and(resolutionRunning, lte(tickets.resolutionSoonAt, now), gt(tickets.resolutionDueAt, now)),
    and(firstRunning, lte(tickets.firstResponseSoonAt, now), gt(tickets.firstResponseDueAt, now)),
  );
  return and(gte(tickets.nextDueAt, now), soon) as SQL;
}

export function dueWhere(state: "breached" | "due_soon", now: Date): SQL {
  return state === "breached" ? breachedWhere(now) : dueSoonWhere(now);
}

/**
 * The first instant after `now` at which a ticket can turn breached or due soon without a write: the
 * nearest due time still ahead, or the nearest due-soon instant still ahead of an on-time clock.
 * Until then every ticket keeps its state, so counts taken at `now` hold (one pass over the on-time range).
 */
export function nextDueChange(db: DbOrTx, now: Date): number {
  const t = now.getTime();
  const ahead = (col: typeof tickets.firstResponseSoonAt, running: SQL | undefined) =>
    sql`CASE WHEN ${running} AND ${col} > ${t} THEN ${col} END`;
  const [row] = db.all<{ due: number | null; soon: number | null }>(sql`
    SELECT min(${tickets.nextDueAt}) AS due,
      min(min(coalesce(${ahead(tickets.firstResponseSoonAt, firstRunning)}, 1e18),
              coalesce(${ahead(tickets.resolutionSoonAt, resolutionRunning)}, 1e18))) AS soon
    FROM ${tickets} WHERE ${tickets.nextDueAt} >= ${t}`);
  return Math.min(row?.due ?? Number.POSITIVE_INFINITY, row?.soon ?? Number.POSITIVE_INFINITY);
}
