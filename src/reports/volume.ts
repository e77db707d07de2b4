import { and, count, gte, isNotNull, lt, ne, sql } from "drizzle-orm";
import { tickets } from "../../db/schema";
import type { ReadCtx } from "../../db/read-cache";
import type { ReportQuery } from "../shared/schemas/reports";
import type { ScopeActor } from "../tickets/tickets.scope";
import { reportWhere, type ReportBase } from "./report-facts";
import { OfficeDays } from "./office-days";
import { countsAnswer, createdSince, hourStart, resolvedSince } from "./report-counts";
import { openNowCount } from "./open-now";
import { getServiceLevels } from "../service-levels/sla-settings";
import type { VolumeRow } from "../shared/report-shapes";

const countOf = (r: ReadCtx, where: ReturnType<typeof and>) =>
  r.db.select({ n: count() }).from(tickets).where(where).get()?.n ?? 0;

/**
 * Open tickets at the range's start: created before it and not yet completed then. Burnt tickets
 * never count as open; completed_at holds only while a ticket is completed, so it is read as is.
 */
function backlogAtStart(r: ReadCtx, where: ReturnType<typeof and>, start: Date) {
  const created = countOf(r, and(lt(tickets.createdAt, start), ne(tickets.status, "burnt"), where));
  const done = countOf(r, and(isNotNull(tickets.completedAt), lt(tickets.completedAt, start), where));
  return created - done;
}

/** Resolution instants in the range, of tickets of any creation day: one range of the completion index. */
function resolvedIn(r: ReadCtx, where: ReturnType<typeof and>, base: ReportBase): number[] {
  return r.db
    .select({ at: sql<number>`${tickets.completedAt}` })
    .from(tickets)
    .where(and(gte(tickets.completedAt, base.days.from), lt(tickets.completedAt, base.days.to), where))
    .all()
    .map((row) => row.at);
}

type Daily = { created: number[]; burnt: number[]; resolved: number[]; backlogAtStart: number };
const zeros = (days: OfficeDays) => new Array<number>(days.labels.length).fill(0);

/** Per day from the tickets created in the range (the facts) and those completed in it. */
function fromFacts(r: ReadCtx, actor: ScopeActor, q: ReportQuery, base: ReportBase): Daily {
  const where = reportWhere(r, actor, q);
  const { days } = base;
  const [created, burnt, resolved] = [zeros(days), zeros(days), zeros(days)];
  for (const f of base.facts) {
    created[f.day]!++;
    if (f.status === "burnt") burnt[f.day]!++;
  }
  for (const at of resolvedIn(r, where, base)) resolved[days.dayOf(at)]!++;
  return { created, burnt, resolved, backlogAtStart: backlogAtStart(r, where, days.from) };
}

/**
 * Per day from the kept hourly counts. The backlog at the start is today's, less what was created
 * since (and not burnt), plus what was completed since: only the hours from the start are read.
 */
function fromCounts(r: ReadCtx, actor: ScopeActor, q: ReportQuery, days: OfficeDays): Daily {
  const [created, burnt, resolved] = [zeros(days), zeros(days), zeros(days)];
  let backlog = openNowCount(r, actor, q);
  for (const h of createdSince(r, actor, q, days.from)) {
    backlog -= h.n - h.burnt;
    const i = days.dayOf(hourStart(h.hour));
    if (i >= 0) [created[i], burnt[i]] = [created[i]! + h.n, burnt[i]! + h.burnt];
  }
  for (const h of resolvedSince(r, actor, q, days.from)) {
    backlog += h.n;
    const i = days.dayOf(hourStart(h.hour));
    if (i >= 0) resolved[i]! += h.n;
  }
  return { created, burnt, resolved, backlogAtStart: backlog };
}

/** Created and resolved per period, and the open backlog at each period's end. */
export function volumeReport(
  r: ReadCtx,
  actor: ScopeActor,
  q: ReportQuery,
  base: () => ReportBase,
): VolumeRow[] {
  const days = new OfficeDays(q.from, q.to, getServiceLevels(r.db).calendar.timeZone);
  const {
    created,
    burnt,
    resolved,
    backlogAtStart: start,
  } = countsAnswer(q, days) ? fromCounts(r, actor, q, days) : fromFacts(r, actor, q, base());
  const rows: VolumeRow[] = [];
  let backlog = start;
  days.labels.forEach((_, i) => {
    backlog += created[i]! - burnt[i]! - resolved[i]!;
    const period = days.periodOf(i, q.bucket);
    const last = rows[rows.length - 1];
    if (last?.period === period) {
      last.created += created[i]!;
      last.resolved += resolved[i]!;
      last.backlog = backlog;
    } else rows.push({ period, created: created[i]!, resolved: resolved[i]!, backlog });
  });
  return rows;
}
