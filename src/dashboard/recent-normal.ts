import { and, count, gte, isNotNull, lt, sql, type SQL } from "drizzle-orm";
import { tickets } from "../../db/schema";
import type { Db } from "../../db/client";
import { businessMinutesBetween, type BusinessCalendar } from "../service-levels/business-time";

/** How many earlier same weekdays make "a usual Tuesday". */
const USUAL_WEEKS = 4;

/** The same wall time `weeks` weeks before `now`, so a half-day compares with the same half-day. */
const weeksBefore = (now: Date, weeks: number) =>
  new Date(now.getFullYear(), now.getMonth(), now.getDate() - 7 * weeks, now.getHours(), now.getMinutes());
const dayStart = (d: Date) => new Date(d.getFullYear(), d.getMonth(), d.getDate());

/** Tickets created by this time of day on each of the last weeks' same weekday: a range on created_at each. */
export function usualByNow(db: Db, scope: SQL | undefined, now: Date): number[] {
  return Array.from({ length: USUAL_WEEKS }, (_, i) => {
    const until = weeksBefore(now, i + 1);
    return (
      db
        .select({ n: count() })
        .from(tickets)
        .where(and(scope, gte(tickets.createdAt, dayStart(until)), lt(tickets.createdAt, until)))
        .get()?.n ?? 0
    );
  });
}

export type Attainment = { met: number; due: number };

/** First responses of the tickets created in [from, to) whose target has been met or has passed. */
export function firstResponseAttainment(db: Db, scope: SQL | undefined, from: Date, to: Date, now: Date) {
  const due = tickets.firstResponseDueAt;
  const answered = tickets.firstRespondedAt;
  // A clock still running (unanswered, target ahead) is neither met nor missed yet.
  const row = db
    .select({
      met: sql<number>`coalesce(sum(${answered} <= ${due}), 0)`,
      due: sql<number>`coalesce(sum(${answered} IS NOT NULL OR ${due} <= ${now.getTime()}), 0)`,
    })
    .from(tickets)
    .where(and(scope, gte(tickets.createdAt, from), lt(tickets.createdAt, to), isNotNull(due)))
    .get();
  return { met: row?.met ?? 0, due: row?.due ?? 0 } satisfies Attainment;
}

/** Length of a usual open day: the mean of the week's opening days, so "2 business days" reads as people count. */
export function businessDayMinutes(cal: BusinessCalendar): number {
  const minutes = cal.week
    .map((ranges) =>
      ranges.reduce((sum, r) => {
        const [sh, sm] = r.start.split(":").map(Number);
        const [eh, em] = r.end.split(":").map(Number);
        const span = (eh ?? 0) * 60 + (em ?? 0) - ((sh ?? 0) * 60 + (sm ?? 0));
        return sum + (span <= 0 ? span + 24 * 60 : span);
      }, 0),
    )
    .filter((m) => m > 0);
  return minutes.length ? minutes.reduce((a, b) => a + b, 0) / minutes.length : 24 * 60;
}

/** Whole business days between two instants, on the office's calendar (weekends and holidays left out). */
export function businessDaysBetween(cal: BusinessCalendar, from: Date, to: Date): number {
  return Math.floor(businessMinutesBetween(cal, from, to) / businessDayMinutes(cal));
}
