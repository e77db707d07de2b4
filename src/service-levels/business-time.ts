import { TZDate } from "@date-fns/tz";

/** "HH:MM" to "HH:MM"; an end at or before the start runs past midnight into the next day. */
type OpeningRange = { start: string; end: string };

export type BusinessCalendar = {
  /** IANA zone the opening hours and holidays are read in. */
  timeZone: string;
  /** Index 0 is Sunday, as Date.getDay(); each day may hold several ranges. */
  week: OpeningRange[][];
  /** Local dates "YYYY-MM-DD"; a range starting on a holiday is closed. */
  holidays: string[];
};

type Interval = { start: number; end: number };
type LocalDay = { y: number; m: number; d: number };

const MINUTE = 60_000;
/** Bounds every walk so an empty calendar cannot loop forever. */
const MAX_DAYS = 3_700;

function parseClock(hhmm: string): [number, number] {
  const [h, m] = hhmm.split(":").map(Number);
  return [h ?? 0, m ?? 0];
}

function zonedDayOf(instant: number, timeZone: string): LocalDay {
  const t = new TZDate(instant, timeZone);
  return { y: t.getFullYear(), m: t.getMonth(), d: t.getDate() };
}

const sameDay = (a: LocalDay, b: LocalDay) => a.y === b.y && a.m === b.m && a.d === b.d;

/** Per zone, the last local day read and the instants it spans: every submission asks about today. */
const lastDays = new Map<string, { from: number; to: number; day: LocalDay }>();

function localDayOf(instant: number, timeZone: string): LocalDay {
  const last = lastDays.get(timeZone);
  if (last && instant >= last.from && instant < last.to) return last.day;
  const day = zonedDayOf(instant, timeZone);
  const from = wallInstant(day, "00:00", timeZone);
  const to = wallInstant(shiftDay(day, 1), "00:00", timeZone);
  // Kept only when the span checks out at both ends (a zone may skip or repeat its midnight).
  if (
    instant >= from &&
    instant < to &&
    sameDay(zonedDayOf(from, timeZone), day) &&
    sameDay(zonedDayOf(to - 1, timeZone), day)
  )
    lastDays.set(timeZone, { from, to, day });
  return day;
}

// Calendar stepping on a zone-free date; the zone only enters when a wall time becomes an instant.
function shiftDay(day: LocalDay, by: number): LocalDay {
  const u = new Date(Date.UTC(day.y, day.m, day.d + by));
  return { y: u.getUTCFullYear(), m: u.getUTCMonth(), d: u.getUTCDate() };
}

function isoDate(day: LocalDay): string {
  return `${day.y}-${String(day.m + 1).padStart(2, "0")}-${String(day.d).padStart(2, "0")}`;
}

function wallInstant(day: LocalDay, hhmm: string, timeZone: string): number {
  const [h, m] = parseClock(hhmm);
  return new TZDate(day.y, day.m, day.d, h, m, 0, timeZone).getTime();
}

/** Opening intervals that start on one local day, as absolute instants (DST handled by the zone library). */
function dayIntervals(cal: BusinessCalendar, day: LocalDay): Interval[] {
  if (cal.holidays.includes(isoDate(day))) return [];
  const weekday = new Date(Date.UTC(day.y, day.m, day.d)).getUTCDay();
  const out: Interval[] = [];
  for (const r of cal.week[weekday] ?? []) {
    const spans = r.end <= r.start;
    const start = wallInstant(day, r.start, cal.timeZone);
    const end = wallInstant(spans ? shiftDay(day, 1) : day, r.end, cal.timeZone);
    if (end > start) out.push({ start, end });
  }
  return out;
}

/**
 * Each local day's intervals, sorted, kept per calendar content. Every submission walks the same few
 * days again (six walks per ticket), and the zone's offsets are the slow part of a walk; a saved change
 * of hours, zone or holidays is another content, so it never reads an old day.
 */
const daysByContent = new Map<string, Map<number, Interval[]>>();
const daysOfCalendar = new WeakMap<BusinessCalendar, Map<number, Interval[]>>();
const KEPT_CALENDARS = 8;
const KEPT_DAYS = 4_000;

function cachedDayIntervals(cal: BusinessCalendar, day: LocalDay): Interval[] {
  let days = daysOfCalendar.get(cal);
  if (!days) {
    const content = JSON.stringify([cal.timeZone, cal.week, cal.holidays]);
    days = daysByContent.get(content);
    if (!days) {
      if (daysByContent.size >= KEPT_CALENDARS) daysByContent.clear();
      days = new Map();
      daysByContent.set(content, days);
    }
    daysOfCalendar.set(cal, days);
  }
  const key = day.y * 10_000 + day.m * 100 + day.d;
  let list = days.get(key);
  if (!list) {
    list = dayIntervals(cal, day).sort((a, b) => a.start - b.start);
    if (days.size >= KEPT_DAYS) days.clear();
    days.set(key, list);
  }
  return list;
}

/** Sorted, merged opening intervals from the local day before `from` onwards, day by day. */
function* openIntervals(cal: BusinessCalendar, from: number): Generator<Interval> {
  let day = shiftDay(localDayOf(from, cal.timeZone), -1);
  let pending: Interval | null = null;
  for (let i = 0; i < MAX_DAYS; i++, day = shiftDay(day, 1)) {
    const list = cachedDayIntervals(cal, day);
    for (const iv of list) {
      if (pending && iv.start <= pending.end) {
        pending.end = Math.max(pending.end, iv.end);
        continue;
      }
      if (pending && pending.end > from) yield pending;
      pending = { ...iv };
    }
  }
  if (pending && pending.end > from) yield pending;
}

function hasOpening(cal: BusinessCalendar): boolean {
  return cal.week.some((ranges) => ranges.length > 0);
}

/** The instant `minutes` business minutes after `from`; null when the calendar has no opening hours. */
export function addBusinessMinutes(cal: BusinessCalendar, from: Date, minutes: number): Date | null {
  if (!hasOpening(cal)) return null;
  let left = Math.max(0, minutes) * MINUTE;
  let cursor = from.getTime();
  for (const iv of openIntervals(cal, cursor)) {
    const s = Math.max(iv.start, cursor);
    if (s + left <= iv.end) return new Date(s + left);
    left -= iv.end - s;
    cursor = iv.end;
  }
  return null;
}

/** Business minutes between two instants (0 when `to` is not after `from`). */
export function businessMinutesBetween(cal: BusinessCalendar, from: Date, to: Date): number {
  const a = from.getTime();
  const b = to.getTime();
  if (b <= a || !hasOpening(cal)) return 0;
  let total = 0;
  for (const iv of openIntervals(cal, a)) {
    if (iv.start >= b) break;
    total += Math.min(iv.end, b) - Math.max(iv.start, a);
  }
  return total / MINUTE;
}

/**
 * Business milliseconds from `from` to any instant up to `to`, read from the opening intervals walked once:
 * for many durations inside one span (a report's tickets) instead of a walk per duration.
 */
export function businessClock(cal: BusinessCalendar, from: Date, to: Date): (instant: number) => number {
  const starts: number[] = [];
  const ends: number[] = [];
  const before: number[] = [];
  let total = 0;
  if (hasOpening(cal))
    for (const iv of openIntervals(cal, from.getTime())) {
      if (iv.start >= to.getTime()) break;
      const start = Math.max(iv.start, from.getTime());
      starts.push(start);
      ends.push(iv.end);
      before.push(total);
      total += iv.end - start;
    }
  return (instant) => {
    let lo = 0;
    let hi = starts.length - 1;
    if (hi < 0 || instant <= starts[0]!) return 0;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid]! <= instant) lo = mid;
      else hi = mid - 1;
    }
    return before[lo]! + Math.min(instant, ends[lo]!) - starts[lo]!;
  };
}
