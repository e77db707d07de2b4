import { and, asc, count, desc, eq, gte, inArray, lt, sql, type SQL } from "drizzle-orm";
import { tickets } from "../../db/schema";
import type { Db } from "../../db/client";
import { scopeWhere, type ScopeActor } from "../tickets/tickets.scope";
import { dueWhere } from "../service-levels/due-filters";
import { getServiceLevels } from "../service-levels/sla-settings";
import { localDayStart, hoursBetween } from "./local-day";
import { businessDaysBetween, firstResponseAttainment, usualByNow, type Attainment } from "./recent-normal";

const ACTIVE = ["open", "in_progress"];
type Busiest = { name: string; count: number } | null;
export type OldTicket = {
  id: number;
  ticketId: string;
  ticketType: string;
  priority: string;
  status: string;
  ageHours: number;
  ageMinutes: number;
  ageBusinessDays: number;
};

/** Aggregated figures of one scope: the only input of both the built-in and the AI summary. */
export type SummaryFigures = {
  today: number;
  yesterday: number;
  last7Days: number;
  previous7Days: number;
  /** Tickets created by this time of day on each of the last few same weekdays, newest first. */
  usualByNow: number[];
  /** Today's weekday in English, as "a usual Tuesday" names it. */
  weekday: string;
  /** First responses of last week's tickets (the seven days before today) that met their target. */
  lastWeekFirstResponse: Attainment;
  solvedToday: number;
  solvedYesterday: number;
  open: number;
  inProgress: number;
  urgentUnassigned: number;
  highUnassigned: number;
  /** Running tickets past a first-response or resolution target (business hours), and in a target's last quarter. */
  breachedTargets: number;
  dueSoonTargets: number;
  busiestType: Busiest;
  busiestDepartment: Busiest;
  busiestCompany: Busiest;
  oldestOpen: OldTicket[];
};

/** Each query is a range or equality on an indexed column (status/created_at, completed_at, created_at). */
export function collectFigures(db: Db, actor: ScopeActor, now: Date): SummaryFigures {
  const scope = scopeWhere(actor);
  const [today, yesterday, weekAgo, twoWeeksAgo] = [0, 1, 6, 13].map((d) => localDayStart(now, d)) as [
    Date,
    Date,
    Date,
    Date,
  ];
  const countWhere = (...conds: (SQL | undefined)[]) =>
    db
      .select({ n: count() })
      .from(tickets)
      .where(and(scope, ...conds))
      .get()?.n ?? 0;
  const created = (from: Date, to?: Date) =>
    countWhere(gte(tickets.createdAt, from), to && lt(tickets.createdAt, to));
  // completedAt is cleared when a ticket leaves completed, so the completed_at range alone means "solved".
  const solved = (from: Date, to?: Date) =>
    countWhere(gte(tickets.completedAt, from), to && lt(tickets.completedAt, to));
  const active = inArray(tickets.status, ACTIVE);
  // Unary + keeps SQLite on the (status, created_at) index: active tickets are few, all-time urgent ones are not.
  const unassigned = (priority: string) =>
    countWhere(active, sql`+${tickets.priority} = ${priority}`, sql`+${tickets.assignedTo} IS NULL`);
  const busiest = (
    column: typeof tickets.ticketType | typeof tickets.department | typeof tickets.companyName,
  ): Busiest => {
    const row = db
      .select({ name: column, n: count() })
      .from(tickets)
      .where(and(scope, gte(tickets.createdAt, weekAgo)))
      .groupBy(column)
      .orderBy(desc(count()), asc(column))
      .limit(1)
      .get();
    return row ? { name: row.name, count: row.n } : null;
  };
  return {
    today: created(today),
    yesterday: created(yesterday, today),
    last7Days: created(weekAgo),
    previous7Days: created(twoWeeksAgo, weekAgo),
    usualByNow: usualByNow(db, scope, now),
    weekday: now.toLocaleDateString("en-US", { weekday: "long" }),
    lastWeekFirstResponse: firstResponseAttainment(db, scope, localDayStart(now, 7), today, now),
    solvedToday: solved(today),
    solvedYesterday: solved(yesterday, today),
    open: countWhere(eq(tickets.status, "open")),
    inProgress: countWhere(eq(tickets.status, "in_progress")),
    urgentUnassigned: unassigned("urgent"),
    highUnassigned: unassigned("high"),
    breachedTargets: countWhere(dueWhere("breached", now)),
    dueSoonTargets: countWhere(dueWhere("due_soon", now)),
    busiestType: busiest(tickets.ticketType),
    busiestDepartment: busiest(tickets.department),
    busiestCompany: busiest(tickets.companyName),
    oldestOpen: oldestOpen(db, scope, now),
  };
}

/** Three oldest active tickets: one ordered, limited read per status rides the (status, created_at) index. */
function oldestOpen(db: Db, scope: SQL | undefined, now: Date): OldTicket[] {
  const rows = ACTIVE.flatMap((status) =>
    db
      .select({
        id: tickets.id,
        ticketId: tickets.ticketId,
        ticketType: tickets.ticketType,
        priority: tickets.priority,
        status: tickets.status,
        createdAt: tickets.createdAt,
      })
      .from(tickets)
      .where(and(scope, eq(tickets.status, status)))
      .orderBy(asc(tickets.createdAt))
      .limit(3)
      .all(),
  );
  const { calendar } = getServiceLevels(db);
  return rows
    .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())
    .slice(0, 3)
    .map(({ createdAt, ...t }) => ({
      ...t,
      ageHours: hoursBetween(createdAt, now),
      ageMinutes: Math.max(0, Math.floor((now.getTime() - createdAt.getTime()) / 60_000)),
      ageBusinessDays: businessDaysBetween(calendar, createdAt, now),
    }));
}
