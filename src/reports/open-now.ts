import { and, count, eq, inArray, isNotNull, notInArray, or, sql } from "drizzle-orm";
import { ticketAssigneeCounts, tickets } from "../../db/schema";
import type { ReadCtx } from "../../db/read-cache";
import type { ReportQuery } from "../shared/schemas/reports";
import { countsInScope, equalityWhere, total } from "../tickets/tickets.counts";
import { listsWhere, scopeOf, type ScopeActor } from "../tickets/tickets.scope";
import { reportWhere } from "./report-facts";

const DONE = ["completed", "burnt"];
const OPEN = ["open", "in_progress"];

/** The report's filters as the count tables' (which hold every one but the channel and tags). */
const selects = (q: ReportQuery) => ({
  department: q.department,
  ticketType: q.type,
  priority: q.priority ? [q.priority] : undefined,
  company: q.company,
  assignedTo: q.agent,
});
const fromCounts = (q: ReportQuery) => !q.channel && !q.tags;

/** Tickets neither completed nor burnt now, within filters and scope: the backlog as it stands. */
export function openNowCount(r: ReadCtx, actor: ScopeActor, q: ReportQuery): number {
  if (fromCounts(q))
    return total(countsInScope(r, actor, selects(q)).filter((row) => !DONE.includes(row.status)));
  const where = and(notInArray(tickets.status, DONE), reportWhere(r, actor, q));
  return r.db.select({ n: count() }).from(tickets).where(where).get()?.n ?? 0;
}

/** Tickets open or in progress now per assignee, of any creation day, within filters and scope. */
export function openPerAgent(r: ReadCtx, actor: ScopeActor, q: ReportQuery): Map<string, number> {
  const rows = fromCounts(q) ? assigneeCounts(r, actor, q) : assigneeTickets(r, actor, q);
  return new Map(rows.filter((row) => row.n > 0).map((row) => [row.agent!, row.n]));
}

function assigneeCounts(r: ReadCtx, actor: ScopeActor, q: ReportQuery) {
  const c = ticketAssigneeCounts;
  const scope = scopeOf(actor);
  return r.db
    .select({ agent: c.assignedTo, n: sql<number>`sum(${c.n})` })
    .from(c)
    .where(
      and(
        inArray(c.status, OPEN),
        equalityWhere(c, selects(q)),
        q.agent ? eq(c.assignedTo, q.agent) : undefined,
        scope && or(scope.lists ? listsWhere(scope.lists, c) : undefined, eq(c.assignedTo, scope.assignee)),
      ),
    )
    .groupBy(c.assignedTo)
    .all();
}

function assigneeTickets(r: ReadCtx, actor: ScopeActor, q: ReportQuery) {
  return r.db
    .select({ agent: tickets.assignedTo, n: count() })
    .from(tickets)
    .where(and(inArray(tickets.status, OPEN), isNotNull(tickets.assignedTo), reportWhere(r, actor, q)))
    .groupBy(tickets.assignedTo)
    .all();
}
