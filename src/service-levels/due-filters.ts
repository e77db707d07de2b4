import { and, eq, gt, inArray, isNull, lt, lte, or, type SQL, sql } from "drizzle-orm";
import { tickets } from "../../db/schema";
import { RUNNING_STATUSES } from "../shared/due-state";

// The first-response clock runs only while a ticket is Open and unanswered; resolution while open or in progress.
const firstRunning = and(eq(tickets.status, "open"), isNull(tickets.firstRespondedAt));
const resolutionRunning = inArray(tickets.status, [...RUNNING_STATUSES]);

/** Either running clock past its due time: ranges on the (status, due) indexes. */
function breachedWhere(now: Date): SQL {
  return or(
    and(resolutionRunning, lt(tickets.resolutionDueAt, now)),
    and(firstRunning, lt(tickets.firstResponseDueAt, now)),
  ) as SQL;
}

/** Either running clock in its last quarter and not yet breached. */
function dueSoonWhere(now: Date): SQL {
  const soon = or(
    and(resolutionRunning, lte(tickets.resolutionSoonAt, now), gt(tickets.resolutionDueAt, now)),
    and(firstRunning, lte(tickets.firstResponseSoonAt, now), gt(tickets.firstResponseDueAt, now)),
  );
  return and(soon, notBreached(now)) as SQL;
}

function notBreached(now: Date): SQL {
  return sql`NOT coalesce((${breachedWhere(now)}), 0)`;
}

export function dueWhere(state: "breached" | "due_soon", now: Date): SQL {
  return state === "breached" ? breachedWhere(now) : dueSoonWhere(now);
}
