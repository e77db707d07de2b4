import { z } from "zod";
import { oneLine } from "./one-line";

const CLOCK = /^([01]\d|2[0-3]):[0-5]\d$/;
const clock = z.string().regex(CLOCK, "Times are HH:MM, from 00:00 to 23:59");
/** An end at or before the start runs past midnight into the next day. */
const openingRange = z.object({ start: clock, end: clock });

/** Holidays are local dates of the business calendar's zone. */
const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "Holiday dates are YYYY-MM-DD")
  .refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(d).toISOString().startsWith(d), {
    message: "Holiday dates are YYYY-MM-DD",
  });
const holiday = z.object({
  date: isoDate,
  name: z
    .string()
    .trim()
    .min(1, "Holiday name is required")
    .max(100, "Holiday names are at most 100 characters")
    .check(oneLine("Holiday name")),
});

/** A year of round-the-clock minutes: a bound any real target sits far below. */
const MAX_TARGET_MINUTES = 366 * 24 * 60;
const minutes = z
  .number({ error: "Targets are whole minutes" })
  .int("Targets are whole minutes")
  .min(1, "Targets are at least one minute")
  .max(MAX_TARGET_MINUTES, "Targets are at most a year");
const target = z
  .object({ firstResponseMinutes: minutes, resolutionMinutes: minutes })
  .refine((t) => t.firstResponseMinutes <= t.resolutionMinutes, {
    message: "The first response target cannot be longer than the resolution target",
    path: ["firstResponseMinutes"],
  });

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    return zone.length > 0;
  } catch {
    return false;
  }
}

const toMinutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3));
type Range = z.infer<typeof openingRange>;

/**
 * Opening ranges may not overlap, or a minute would count twice: within a day, and where a range
 * that runs past midnight meets the next day's first range. Returns the problem, or null.
 */
function weekProblem(week: Range[][]): string | null {
  if (week.every((day) => day.length === 0)) return "Open at least one range in the week";
  const days = week.map((day) => [...day].sort((a, b) => toMinutes(a.start) - toMinutes(b.start)));
  const endOf = (r: Range) => (toMinutes(r.end) <= toMinutes(r.start) ? 24 * 60 : toMinutes(r.end));
  for (let d = 0; d < 7; d++) {
    const day = days[d] ?? [];
    for (let i = 1; i < day.length; i++)
      if (endOf(day[i - 1]!) > toMinutes(day[i]!.start)) return "Opening ranges on one day must not overlap";
    const last = day.at(-1);
    const next = days[(d + 1) % 7]?.[0];
    if (last && next && endOf(last) === 24 * 60 && toMinutes(last.end) > toMinutes(next.start))
      return "A range past midnight must end before the next day's first range";
  }
  return null;
}

/** Settings → Hours: the business calendar and the targets per priority, all in business minutes. */
export const serviceLevelsSchema = z
  .object({
    timeZone: z.string().max(64).refine(isTimeZone, { message: "Unknown time zone" }),
    /** Index 0 is Sunday; each day may hold several ranges. */
    week: z.array(z.array(openingRange).max(6, "At most six ranges a day")).length(7, "Give all seven days"),
    holidays: z.array(holiday).max(366, "At most 366 holidays"),
    /** By priority name; a priority without its own falls back to medium's. */
    targets: z.record(z.string().min(1).max(50), target),
  })
  .superRefine((v, ctx) => {
    const problem = weekProblem(v.week);
    if (problem) ctx.addIssue({ code: "custom", message: problem, path: ["week"] });
    const dates = v.holidays.map((h) => h.date);
    if (new Set(dates).size !== dates.length)
      ctx.addIssue({ code: "custom", message: "Each holiday date only once", path: ["holidays"] });
  });

export type ServiceLevelsInput = z.infer<typeof serviceLevelsSchema>;
