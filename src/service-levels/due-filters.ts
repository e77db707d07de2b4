import { and, eq, gt, gte, inArray, isNull, lt, lte, or, type SQL, sql } from "drizzle-orm";
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
