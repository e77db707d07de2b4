import { addBusinessMinutes, type BusinessCalendar, businessMinutesBetween } from "./business-time";

/** Business minutes allowed for the first staff response and for resolution. */
type Target = { firstResponseMinutes: number; resolutionMinutes: number };
export type Targets = Record<string, Target>;

const HOUR = 60;
/** A business day is the default 09:00–17:00 day. */
const DAY = 8 * HOUR;

export const DEFAULT_TARGETS: Targets = {
  urgent: { firstResponseMinutes: 1 * HOUR, resolutionMinutes: 4 * HOUR },
  high: { firstResponseMinutes: 2 * HOUR, resolutionMinutes: 8 * HOUR },
  medium: { firstResponseMinutes: 4 * HOUR, resolutionMinutes: 2 * DAY },
  low: { firstResponseMinutes: 8 * HOUR, resolutionMinutes: 5 * DAY },
};

const nineToFive = [{ start: "09:00", end: "17:00" }];

/** Monday–Friday 09:00–17:00, no holidays, in the given zone. */
export function defaultCalendar(timeZone: string): BusinessCalendar {
  return {
    timeZone,
    week: [[], nineToFive, nineToFive, nineToFive, nineToFive, nineToFive, []],
    holidays: [],
  };
}

export type DueTimes = { firstResponseDueAt: Date | null; resolutionDueAt: Date | null };

/** Due instants for a ticket created at `createdAt`; an unknown priority falls back to medium. */
export function dueTimes(
  cal: BusinessCalendar,
  targets: Targets,
  priority: string,
  createdAt: Date,
): DueTimes {
  const t = targets[priority] ?? targets.medium ?? DEFAULT_TARGETS.medium;
  if (!t) return { firstResponseDueAt: null, resolutionDueAt: null };
  return {
    firstResponseDueAt: addBusinessMinutes(cal, createdAt, t.firstResponseMinutes),
    resolutionDueAt: addBusinessMinutes(cal, createdAt, t.resolutionMinutes),
  };
}

export type DueState = "on_track" | "due_soon" | "breached" | "met" | "missed";

/**
 * State of one clock. A stopped clock is met or missed for good; a running one is breached past its due
 * time and due soon once under a quarter of its business minutes remain.
 */
export function clockState(
  cal: BusinessCalendar,
  startedAt: Date,
  dueAt: Date | null,
  stoppedAt: Date | null,
  now: Date,
): DueState | null {
  if (!dueAt) return null;
  if (stoppedAt) return stoppedAt.getTime() <= dueAt.getTime() ? "met" : "missed";
  if (now.getTime() > dueAt.getTime()) return "breached";
  return now.getTime() >= dueSoonFrom(cal, startedAt, dueAt).getTime() ? "due_soon" : "on_track";
}

/** The instant a running clock enters "due soon": when a quarter of its business minutes remain. */
export function dueSoonFrom(cal: BusinessCalendar, startedAt: Date, dueAt: Date): Date {
  const total = businessMinutesBetween(cal, startedAt, dueAt);
  // rounded down, so even a target of a few minutes has a due-soon minute before it is breached
  return addBusinessMinutes(cal, startedAt, Math.floor(total * 0.75)) ?? dueAt;
}
