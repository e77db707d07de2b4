import { and, eq, gte, lt, sql } from "drizzle-orm";
import { ticketReopens, tickets } from "../../db/schema";
import type { ReadCtx } from "../../db/read-cache";
import type { ReportQuery } from "../shared/schemas/reports";
import type { TicketFilters } from "../shared/schemas/filters";
import { filtersWhere } from "../tickets/tickets.filters";
import { scopeOf, type ScopeActor } from "../tickets/tickets.scope";
import { businessClock, type BusinessCalendar } from "../service-levels/business-time";
import { getServiceLevels } from "../service-levels/sla-settings";
import { OfficeDays } from "./office-days";

/** One ticket as the reports see it: its dimensions, the day and hour it came, and its durations in minutes. */
export type TicketFact = {
  id: number;
  ticketId: string;
  day: number;
  hour: number;
  department: string;
  type: string;
  priority: string;
  company: string;
  channel: string;
  agent: string | null;
  status: string;
  email: string;
  name: string;
  createdAt: number;
  firstRespondedAt: number | null;
  completedAt: number | null;
  firstResponseDueAt: number | null;
  resolutionDueAt: number | null;
  firstResponse: Duration | null;
  resolution: Duration | null;
  reopened: number;
};
type Duration = { calendar: number; business: number };

export type ReportBase = { days: OfficeDays; calendar: BusinessCalendar; facts: TicketFact[] };

/** The report's filters as the ticket list's, so both read the same tickets. */
function ticketFiltersOf(q: ReportQuery): Partial<TicketFilters> {
  return {
    department: q.department,
    ticketType: q.type,
    priority: q.priority ? [q.priority] : undefined,
    company: q.company,
    assignedTo: q.agent,
    tags: q.tags,
  };
}

/** Filters and scope, without the dates: every report read adds its own range. */
export function reportWhere(r: ReadCtx, actor: ScopeActor, q: ReportQuery) {
  return and(
    filtersWhere(r.db, actor, ticketFiltersOf(q)),
    q.channel ? eq(sql`${tickets.channel}`, q.channel) : undefined,
  );
}

type Clock = (instant: number) => number;
const duration = (clock: Clock, from: Date, to: Date | null): Duration | null => {
  if (!to) return null;
  const [a, b] = [from.getTime(), to.getTime()];
  return { calendar: (b - a) / 60_000, business: b > a ? (clock(b) - clock(a)) / 60_000 : 0 };
};

const ms = (d: Date | null) => (d ? d.getTime() : null);

/** The tickets created in the range, within filters and scope, as facts: one range of the creation index. */
function loadFacts(r: ReadCtx, actor: ScopeActor, q: ReportQuery, days: OfficeDays, cal: BusinessCalendar) {
  const rows = r.db
    .select({
      id: tickets.id,
      ticketId: tickets.ticketId,
      createdAt: tickets.createdAt,
      department: tickets.department,
      type: tickets.ticketType,
      priority: tickets.priority,
      company: tickets.companyName,
      channel: tickets.channel,
      agent: tickets.assignedTo,
      status: tickets.status,
      email: tickets.email,
      firstName: tickets.firstName,
      lastName: tickets.lastName,
      firstRespondedAt: tickets.firstRespondedAt,
      completedAt: tickets.completedAt,
      firstResponseDueAt: tickets.firstResponseDueAt,
      resolutionDueAt: tickets.resolutionDueAt,
      reopened: sql<number>`coalesce(${ticketReopens.n}, 0)`,
    })
    .from(tickets)
    .leftJoin(ticketReopens, eq(ticketReopens.ticketId, tickets.id))
    .where(and(gte(tickets.createdAt, days.from), lt(tickets.createdAt, days.to), reportWhere(r, actor, q)))
    .all();
  // every duration starts in the range and ends by the latest stop: one walk of the opening hours
  let last = days.to.getTime();
  for (const t of rows)
    last = Math.max(last, t.firstRespondedAt?.getTime() ?? 0, t.completedAt?.getTime() ?? 0);
  const clock = businessClock(cal, days.from, new Date(last + 1));
  return rows.map(({ firstName, lastName, ...t }): TicketFact => {
    const created = t.createdAt.getTime();
    const day = days.dayOf(created);
    return {
      ...t,
      name: `${firstName} ${lastName}`.trim(),
      day,
      hour: days.hourOf(created, day),
      createdAt: created,
      firstRespondedAt: ms(t.firstRespondedAt),
      completedAt: ms(t.completedAt),
      firstResponseDueAt: ms(t.firstResponseDueAt),
      resolutionDueAt: ms(t.resolutionDueAt),
      firstResponse: duration(clock, t.createdAt, t.firstRespondedAt),
      resolution: duration(clock, t.createdAt, t.completedAt),
    };
  });
}

/** The range's days and facts, kept in the read cache until the next write: every figure of a page shares them. */
export function reportBase(r: ReadCtx, actor: ScopeActor, q: ReportQuery): ReportBase {
  const calendar = getServiceLevels(r.db).calendar;
  const days = new OfficeDays(q.from, q.to, calendar.timeZone);
  const { format: _f, bucket: _b, ...filters } = q;
  const facts = r.cache.get(
    r.db,
    { kind: "report", scope: scopeOf(actor) ?? null, filters, asOf: calendar },
    () => loadFacts(r, actor, q, days, calendar),
  );
  return { days, calendar, facts };
}
