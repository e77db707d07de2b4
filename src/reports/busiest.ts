import type { ReportBase } from "./report-facts";
import type { BusiestReport } from "../shared/report-shapes";

/** Tickets created per weekday (0 = Sunday) and local hour: seven rows of twenty-four counts. */
export function busiestReport({ days, facts }: ReportBase): BusiestReport {
  const counts = Array.from({ length: 7 }, () => new Array<number>(24).fill(0));
  for (const f of facts) counts[days.weekdays[f.day]!]![f.hour]!++;
  return { counts };
}
