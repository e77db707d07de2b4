// Intl instead of date-fns here: the public portal shows these, and its bundle is kept small.
const DAY = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric" });
const MOMENT = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "medium" });
const asDate = (value: string | Date) => (typeof value === "string" ? new Date(value) : value);

/** "May 3, 2026, 4:05:06 PM" in the viewer's time zone (the hover title of a timeline step). */
export const fullDateTime = (value: string | Date) => MOMENT.format(asDate(value)).replace(/\u202f/g, " ");

/**
 * Under 60 s 'Just now', then minutes under 1 hour, hours under 1 day,
 * days under 7 days, otherwise a date. `now` is passed in so tests own the clock.
 */
export function relativeTime(value: string | Date, now: Date = new Date()): string {
  const date = asDate(value);
  const seconds = Math.max(0, Math.floor((now.getTime() - date.getTime()) / 1000));
  if (seconds < 60) return "Just now";
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} minute${minutes === 1 ? "" : "s"} ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} hour${hours === 1 ? "" : "s"} ago`;
  const days = Math.floor(hours / 24);
  if (days < 7) return `${days} day${days === 1 ? "" : "s"} ago`;
  return DAY.format(date); // "May 3, 2026"
}
