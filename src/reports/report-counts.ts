import { and, eq, gte, lt, ne, or, sql } from "drizzle-orm";
import type { AnySQLiteColumn } from "drizzle-orm/sqlite-core";
import { reportCreated, reportHours, reportResolved } from "../../db/schema";
import type { DbOrTx } from "../../db/client";
import type { ReadCtx } from "../../db/read-cache";
import type { ReportQuery } from "../shared/schemas/reports";
import { listsWhere, scopeOf, type ScopeActor } from "../tickets/tickets.scope";
import type { OfficeDays } from "./office-days";

const HOUR = 3_600_000;
type CountTable = typeof reportCreated | typeof reportResolved;

/**
 * The kept counts answer a report when every office day is a run of whole UTC hours (any time zone
 * on whole-hour offsets) and no filter needs the tickets themselves (tags).
 */
export const countsAnswer = (q: ReportQuery, days: OfficeDays) =>
  !q.tags && days.starts.every((s) => s % HOUR === 0);

/** The report's filters and the actor's scope on a counts table, whose columns mirror the ticket's. */
function countsWhere(t: CountTable, actor: ScopeActor, q: ReportQuery) {
  const scope = scopeOf(actor);
  const assigned = scope && eq(t.agent, scope.assignee);
  return and(
    q.department ? eq(t.department, q.department) : undefined,
    q.type ? eq(t.ticketType, q.type) : undefined,
    q.company ? eq(t.companyName, q.company) : undefined,
    q.priority ? eq(t.priority, q.priority) : undefined,
    q.channel ? eq(t.channel, q.channel) : undefined,
    q.agent ? eq(t.agent, q.agent === "none" ? "" : q.agent) : undefined,
    scope ? (scope.lists ? or(listsWhere(scope.lists, t), assigned) : assigned) : undefined,
  );
}

const hoursWhere = (t: { hour: AnySQLiteColumn }, from: Date, to?: Date) =>
  and(
    gte(t.hour, Math.floor(from.getTime() / HOUR)),
    to ? lt(t.hour, Math.ceil(to.getTime() / HOUR)) : undefined,
  );

/** Tickets created from `from` (up to `to`, else to now), from the hourly counts: whole hours at the edges. */
export function createdBetween(db: DbOrTx, from: Date, to?: Date): number {
  const h = reportHours;
  return db
    .select({ n: sql<number>`coalesce(sum(${h.created}), 0)` })
    .from(h)
    .where(hoursWhere(h, from, to))
    .get()!.n;
}

/** No filter and no scope: the hours without dimensions answer. */
const everyTicket = (actor: ScopeActor, q: ReportQuery) =>
  !scopeOf(actor) && !q.department && !q.type && !q.company && !q.priority && !q.channel && !q.agent;

/** Tickets created per UTC hour from `from` (up to `to`, else to now), and how many are burnt now. */
export function createdSince(r: ReadCtx, actor: ScopeActor, q: ReportQuery, from: Date, to?: Date) {
  if (everyTicket(actor, q)) {
    const h = reportHours;
    return r.db
      .select({ hour: h.hour, n: h.created, burnt: h.burnt })
      .from(h)
      .where(and(hoursWhere(h, from, to), or(ne(h.created, 0), ne(h.burnt, 0))))
      .all();
  }
  const t = reportCreated;
  return r.db
    .select({ hour: t.hour, n: sql<number>`sum(${t.n})`, burnt: sql<number>`sum(${t.burnt})` })
    .from(t)
    .where(and(hoursWhere(t, from, to), countsWhere(t, actor, q)))
    .groupBy(t.hour)
    .all();
}

/** Tickets completed per UTC hour from `from` on. */
export function resolvedSince(r: ReadCtx, actor: ScopeActor, q: ReportQuery, from: Date) {
  if (everyTicket(actor, q)) {
    const h = reportHours;
    return r.db
      .select({ hour: h.hour, n: h.resolved })
      .from(h)
      .where(and(hoursWhere(h, from), ne(h.resolved, 0)))
      .all();
  }
  const t = reportResolved;
  return r.db
    .select({ hour: t.hour, n: sql<number>`sum(${t.n})` })
    .from(t)
    .where(and(hoursWhere(t, from), countsWhere(t, actor, q)))
    .groupBy(t.hour)
    .all();
}

/** The instant an hour number starts. */
export const hourStart = (hour: number) => hour * HOUR;
