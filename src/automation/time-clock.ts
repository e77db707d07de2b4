import {
  addBusinessMinutes,
  type BusinessCalendar,
  businessMinutesBetween,
} from "../service-levels/business-time";
import type { AutomationRuleInput } from "../shared/schemas/automation";

const MINUTE = 60_000;
/** Bounds the backward search: ten years of calendar time. */
const MAX_SPAN = 3_650 * 1_440 * MINUTE;

/** The opening minutes of an average open day: what "a business day" means for a time rule. */
function businessDayMinutes(cal: BusinessCalendar): number {
  const days = cal.week
    .map((ranges) =>
      ranges.reduce((sum, r) => {
        const [sh = 0, sm = 0] = r.start.split(":").map(Number);
        const [eh = 0, em = 0] = r.end.split(":").map(Number);
        const span = eh * 60 + em - (sh * 60 + sm);
        return sum + (span > 0 ? span : span + 1_440);
      }, 0),
    )
    .filter((m) => m > 0);
  return days.length ? days.reduce((a, b) => a + b, 0) / days.length : 0;
}

/** The latest instant with at least `minutes` business minutes between it and `now`. */
function businessBefore(cal: BusinessCalendar, now: Date, minutes: number): Date | null {
  const enough = (at: number) => businessMinutesBetween(cal, new Date(at), now) >= minutes;
  let gap = minutes * MINUTE;
  while (!enough(now.getTime() - gap)) {
    if (gap > MAX_SPAN) return null;
    gap *= 2;
  }
  let lo = now.getTime() - gap; // has enough
  let hi = now.getTime() - gap / 2; // has not: the gap before it fell short, or it spans half the minutes
  while (hi - lo > MINUTE) {
    const mid = lo + Math.floor((hi - lo) / 2);
    if (enough(mid)) lo = mid;
    else hi = mid;
  }
  return new Date(lo);
}

type Trigger = AutomationRuleInput["trigger"];

/**
 * The instant a ticket's anchor must be at or before for the rule to be due now: `amount` after the
 * anchor (before it when negative), counted in business or calendar time. Null when it can never be due.
 */
export function timeCutoff(cal: BusinessCalendar, trigger: Trigger, now: Date): Date | null {
  const business = (trigger.clock ?? "business") === "business";
  const perUnit = trigger.unit === "days" ? (business ? businessDayMinutes(cal) : 1_440) : 60;
  const minutes = Math.round((trigger.amount ?? 0) * perUnit);
  if (!business) return new Date(now.getTime() - minutes * MINUTE);
  if (minutes < 0) return addBusinessMinutes(cal, now, -minutes);
  return minutes === 0 ? now : businessBefore(cal, now, minutes);
}
