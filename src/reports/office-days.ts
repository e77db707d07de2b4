import { TZDate } from "@date-fns/tz";
import { badRequest } from "../errors/domain-error";

/** Ten years of days at most, so a typo in a year cannot ask for a million days. */
const MAX_DAYS = 3_660;

const iso = (d: Date) => d.toISOString().slice(0, 10);

/**
 * The office's days of a report's range, in its time zone: each day's first instant, its weekday and
 * its hours, so a ticket's day and hour are a binary search instead of a time-zone conversion.
 */
export class OfficeDays {
  /** One more start than days: the last is the end of the range. */
  readonly starts: number[] = [];
  readonly labels: string[] = [];
  readonly weekdays: number[] = [];
  readonly #hours = new Map<number, number[]>();

  constructor(
    from: string,
    to: string,
    readonly timeZone: string,
  ) {
    const first = new Date(`${from}T00:00:00Z`);
    const last = new Date(`${to}T00:00:00Z`);
    const days = Math.round((last.getTime() - first.getTime()) / 86_400_000);
    if (!(days > 0)) throw badRequest("from must be a date before to");
    if (days > MAX_DAYS) throw badRequest("The range may span ten years at most");
    for (let i = 0; i <= days; i++) {
      const d = new Date(first.getTime() + i * 86_400_000);
      this.starts.push(this.#wall(d, 0));
      if (i < days) {
        this.labels.push(iso(d));
        this.weekdays.push(d.getUTCDay());
      }
    }
  }

  #wall(d: Date, hour: number): number {
    return new TZDate(
      d.getUTCFullYear(),
      d.getUTCMonth(),
      d.getUTCDate(),
      hour,
      0,
      0,
      this.timeZone,
    ).getTime();
  }

  get from(): Date {
    return new Date(this.starts[0]!);
  }

  get to(): Date {
    return new Date(this.starts[this.starts.length - 1]!);
  }

  /** The index of the day holding `ms`, or -1 outside the range. */
  dayOf(ms: number): number {
    const s = this.starts;
    if (ms < s[0]! || ms >= s[s.length - 1]!) return -1;
    let lo = 0;
    let hi = s.length - 2;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (s[mid]! <= ms) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }

  /** The local hour (0–23) of `ms` on day `i`; only a day whose offset changes is read hour by hour. */
  hourOf(ms: number, i: number): number {
    const start = this.starts[i]!;
    if (this.starts[i + 1]! - start === 86_400_000) return Math.floor((ms - start) / 3_600_000);
    let hours = this.#hours.get(i);
    if (!hours) {
      const d = new Date(`${this.labels[i]}T00:00:00Z`);
      hours = Array.from({ length: 24 }, (_, h) => this.#wall(d, h));
      this.#hours.set(i, hours);
    }
    let h = 23;
    while (h > 0 && hours[h]! > ms) h--;
    return h;
  }

  /** The period a day belongs to: itself, its week (from Sunday) or its month. */
  periodOf(i: number, bucket: "day" | "week" | "month"): string {
    const label = this.labels[i]!;
    if (bucket === "day") return label;
    if (bucket === "month") return label.slice(0, 7);
    const d = new Date(`${label}T00:00:00Z`);
    return iso(new Date(d.getTime() - this.weekdays[i]! * 86_400_000));
  }
}
