import { and, eq, gte, lt, sql } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
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
const duration = (clock: Clock, a: number, b: number | null): Duration | null => {
  if (b === null) return null;
  return { calendar: (b - a) / 60_000, business: b > a ? (clock(b) - clock(a)) / 60_000 : 0 };
};

const raw = <T>(col: SQLiteColumn) => sql<T>`${col}`;
/** The columns read, in the order `.values()` hands them back; instants stay milliseconds. */
const COLUMNS = {
  id: raw<number>(tickets.id),
  ticketId: raw<string>(tickets.ticketId),
  createdAt: raw<number>(tickets.createdAt),
  department: raw<string>(tickets.department),
  type: raw<string>(tickets.ticketType),
  priority: raw<string>(tickets.priority),
  company: raw<string>(tickets.companyName),
  channel: raw<string>(tickets.channel),
  agent: raw<string | null>(tickets.assignedTo),
  status: raw<string>(tickets.status),
  email: raw<string>(tickets.email),
  name: sql<string>`trim(${tickets.firstName} || ' ' || ${tickets.lastName})`,
  firstRespondedAt: raw<number | null>(tickets.firstRespondedAt),
  completedAt: raw<number | null>(tickets.completedAt),
  firstResponseDueAt: raw<number | null>(tickets.firstResponseDueAt),
  resolutionDueAt: raw<number | null>(tickets.resolutionDueAt),
  reopened: sql<number>`coalesce(${ticketReopens.n}, 0)`,
};
type Row = { [K in keyof typeof COLUMNS]: (typeof COLUMNS)[K]["_"]["type"] };
const NAMES = Object.keys(COLUMNS) as (keyof Row)[];
const STOPS = [NAMES.indexOf("firstRespondedAt"), NAMES.indexOf("completedAt")] as const;

/**
 * The tickets created in the range, within filters and scope, as facts: one range of the creation
 * index, read as plain values (mapping each row to objects of dates took most of the time).
 */
function loadFacts(r: ReadCtx, actor: ScopeActor, q: ReportQuery, days: OfficeDays, cal: BusinessCalendar) {
  const values = r.db
    .select(COLUMNS)
    .from(tickets)
    .leftJoin(ticketReopens, eq(ticketReopens.ticketId, tickets.id))
    .where(and(gte(tickets.createdAt, days.from), lt(tickets.createdAt, days.to), reportWhere(r, actor, q)))
    .values() as unknown[][];
  // every duration starts in the range and ends by the latest stop: one walk of the opening hours
  let last = days.to.getTime();
  for (const v of values) last = Math.max(last, (v[STOPS[0]] as number) ?? 0, (v[STOPS[1]] as number) ?? 0);
  const clock = businessClock(cal, days.from, new Date(last + 1));
  return values.map((v): TicketFact => {
    const t = {} as Row;
    for (let i = 0; i < NAMES.length; i++) (t as Record<string, unknown>)[NAMES[i]!] = v[i];
    const day = days.dayOf(t.createdAt);
    return Object.assign(t, {
      day,
      hour: days.hourOf(t.createdAt, day),
      firstResponse: duration(clock, t.createdAt, t.firstRespondedAt),
      resolution: duration(clock, t.createdAt, t.completedAt),
    });
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
