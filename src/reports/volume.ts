import { and, count, gte, isNotNull, lt, ne, sql } from "drizzle-orm";
import { tickets } from "../../db/schema";
import type { ReadCtx } from "../../db/read-cache";
import type { ReportQuery } from "../shared/schemas/reports";
import type { ScopeActor } from "../tickets/tickets.scope";
import { reportWhere, type ReportBase } from "./report-facts";
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

/** Created and resolved per period, and the open backlog at each period's end. */
export function volumeReport(r: ReadCtx, actor: ScopeActor, q: ReportQuery, base: ReportBase): VolumeRow[] {
  const where = reportWhere(r, actor, q);
  const { days } = base;
  const created = new Array<number>(days.labels.length).fill(0);
  const burnt = new Array<number>(days.labels.length).fill(0);
  const resolved = new Array<number>(days.labels.length).fill(0);
  for (const f of base.facts) {
    created[f.day]!++;
    if (f.status === "burnt") burnt[f.day]!++;
  }
  for (const at of resolvedIn(r, where, base)) resolved[days.dayOf(at)]!++;
  const rows: VolumeRow[] = [];
  let backlog = backlogAtStart(r, where, days.from);
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
