// The TZ setting decides "today": Date's local methods follow the process time zone.

/** Local midnight of the calendar day `daysAgo` days before `now`'s day (0 = today). */
export function localDayStart(now: Date, daysAgo = 0): Date {
  return new Date(now.getFullYear(), now.getMonth(), now.getDate() - daysAgo);
}

export const hoursBetween = (from: Date, to: Date) =>
  Math.max(0, Math.floor((to.getTime() - from.getTime()) / 3_600_000));
