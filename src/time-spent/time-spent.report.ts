import { and, count, eq, gte, isNotNull, lt, sql, sum } from "drizzle-orm";
import { ticketNotes, tickets, users } from "../../db/schema";
import type { ReadCtx } from "../../db/read-cache";
import type { ReportQuery } from "../shared/schemas/reports";
import type { ScopeActor } from "../tickets/tickets.scope";
import type { TimeSpentReport, TimeSpentRow } from "../shared/report-shapes";
import { getServiceLevels } from "../service-levels/sla-settings";
import { OfficeDays } from "../reports/office-days";
import { reportWhere } from "../reports/report-facts";

type Part = { agent: string; name: string; company: string; type: string; minutes: number; entries: number };

/** Sums the parts under each key, most minutes first, ties by name. */
function totals(parts: Part[], keyOf: (p: Part) => string, nameOf: (p: Part) => string): TimeSpentRow[] {
  const rows = new Map<string, TimeSpentRow>();
  for (const p of parts) {
    const key = keyOf(p);
    const row = rows.get(key) ?? { key, name: nameOf(p), minutes: 0, entries: 0 };
    row.minutes += p.minutes;
    row.entries += p.entries;
    rows.set(key, row);
  }
  return [...rows.values()].sort((a, b) => b.minutes - a.minutes || a.name.localeCompare(b.name));
}

/**
 * Minutes of the replies and notes written in the range, on tickets within the filters and the
 * viewer's scope, by their author, the ticket's company and the ticket's type.
 */
export function timeSpentReport(r: ReadCtx, actor: ScopeActor, q: ReportQuery): TimeSpentReport {
  const days = new OfficeDays(q.from, q.to, getServiceLevels(r.db).calendar.timeZone);
  const parts: Part[] = r.db
    .select({
      agent: sql<string>`coalesce(${ticketNotes.userId}, '')`,
      name: sql<string>`coalesce(max(nullif(trim(${users.firstName} || ' ' || ${users.lastName}), '')), max(${users.email}), max(${ticketNotes.userName}), 'Unknown')`,
      company: tickets.companyName,
      type: tickets.ticketType,
      minutes: sql<number>`${sum(ticketNotes.minutesSpent)}`.mapWith(Number),
      entries: count(),
    })
    // the range's notes first, by their own index (CROSS JOIN keeps that order), then each one's ticket:
    // a scope or filter walked first would read its tickets of every year
    .from(ticketNotes)
    .crossJoin(tickets)
    .leftJoin(users, eq(users.id, ticketNotes.userId))
    .where(
      and(
        eq(tickets.id, ticketNotes.ticketId),
        isNotNull(ticketNotes.minutesSpent),
        gte(ticketNotes.createdAt, days.from),
        lt(ticketNotes.createdAt, days.to),
        reportWhere(r, actor, q),
      ),
    )
    .groupBy(ticketNotes.userId, tickets.companyName, tickets.ticketType)
    .all()
    .map((p) => ({ ...p, agent: String(p.agent), company: p.company ?? "", type: p.type ?? "" }));
  return {
    totalMinutes: parts.reduce((n, p) => n + p.minutes, 0),
    byAgent: totals(
      parts,
      (p) => p.agent,
      (p) => p.name,
    ),
    byCompany: totals(
      parts,
      (p) => p.company,
      (p) => p.company,
    ),
    byType: totals(
      parts,
      (p) => p.type,
      (p) => p.type,
    ),
  };
}
