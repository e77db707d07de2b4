// Calendar maths of the date presets and the Kanban age groups. Weeks start on Sunday;
// everything takes `now` so tests pin the clock, and runs in the process / browser time zone.
import { addDays, startOfDay, startOfMonth, startOfWeek, subMonths } from "date-fns";

export const DATE_PRESETS = [
  "all",
  "today",
  "yesterday",
  "thisWeek",
  "lastWeek",
  "thisMonth",
  "lastMonth",
  "custom",
] as const;
export type DatePreset = (typeof DATE_PRESETS)[number];

/** A half-open range [start, end): end is the first instant not included. */
export type DateRange = { start: Date; end: Date };

const sunday = (d: Date) => startOfWeek(d, { weekStartsOn: 0 });

/** The range a preset stands for; null for "all" (and for "custom" without both days). */
export function presetRange(
  preset: DatePreset,
  now: Date,
  custom?: { start?: Date | null; end?: Date | null },
): DateRange | null {
  const today = startOfDay(now);
  const tomorrow = addDays(today, 1);
  switch (preset) {
    case "today":
      return { start: today, end: tomorrow };
    case "yesterday":
      return { start: addDays(today, -1), end: today };
    case "thisWeek":
      return { start: sunday(today), end: tomorrow };
    case "lastWeek":
      return { start: addDays(sunday(today), -7), end: sunday(today) };
    case "thisMonth":
      return { start: startOfMonth(today), end: tomorrow };
    case "lastMonth":
      return { start: subMonths(startOfMonth(today), 1), end: startOfMonth(today) };
    case "custom":
      if (!custom?.start || !custom.end) return null;
      return { start: startOfDay(custom.start), end: addDays(startOfDay(custom.end), 1) };
    default:
      return null;
  }
}

export const AGE_GROUPS = [
  "today",
  "yesterday",
  "thisWeek",
  "lastWeek",
  "thisMonth",
  "lastMonth",
  "older",
] as const;
export type AgeGroup = (typeof AGE_GROUPS)[number];

/** The first (most recent) group whose calendar range holds the date; AGE_GROUPS is in recency order. */
export function ageGroup(date: Date, now: Date): AgeGroup {
  for (const group of AGE_GROUPS) {
    if (group === "older") break;
    const range = presetRange(group, now)!;
    if (date >= range.start && date < range.end) return group;
  }
  return "older";
}
