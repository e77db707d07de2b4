import type { TimeSummary } from "../shared/report-shapes";

/** The nearest-rank percentile (p in 0–1) of ascending values: an actual value, never an interpolation. */
export function nearestRank(sorted: ArrayLike<number>, p: number): number | null {
  if (!sorted.length) return null;
  return sorted[Math.max(0, Math.ceil(p * sorted.length) - 1)]!;
}

/** Values in ascending order: a typed array sorts numbers natively, many times faster than a comparator. */
export function ascending<T>(items: readonly T[], value: (t: T) => number): Float64Array {
  const out = new Float64Array(items.length);
  for (let i = 0; i < items.length; i++) out[i] = value(items[i]!);
  return out.sort();
}

/** Median and 90th percentile of durations, in calendar and in business minutes. */
export function summarise(durations: readonly { calendar: number; business: number }[]): TimeSummary {
  const cal = ascending(durations, (d) => d.calendar);
  const bus = ascending(durations, (d) => d.business);
  return {
    n: durations.length,
    medianMinutes: nearestRank(cal, 0.5),
    p90Minutes: nearestRank(cal, 0.9),
    medianBusinessMinutes: nearestRank(bus, 0.5),
    p90BusinessMinutes: nearestRank(bus, 0.9),
  };
}

/** Groups items by a key, in first-seen order. */
export function groupBy<T>(items: readonly T[], key: (t: T) => string): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const t of items) {
    const k = key(t);
    const list = out.get(k);
    if (list) list.push(t);
    else out.set(k, [t]);
  }
  return out;
}
