import type { ReadCtx } from "../../db/read-cache";
import type { ReportQuery } from "../shared/schemas/reports";
import type { ScopeActor } from "../tickets/tickets.scope";
import { getServiceLevels } from "../service-levels/sla-settings";
import { OfficeDays } from "./office-days";
import { countsAnswer, createdSince, hourStart } from "./report-counts";
import type { ReportBase } from "./report-facts";
import type { BusiestReport } from "../shared/report-shapes";

/** Tickets created per weekday (0 = Sunday) and local hour: seven rows of twenty-four counts. */
export function busiestReport(
  r: ReadCtx,
  actor: ScopeActor,
  q: ReportQuery,
  base: () => ReportBase,
): BusiestReport {
  const counts = Array.from({ length: 7 }, () => new Array<number>(24).fill(0));
  const days = new OfficeDays(q.from, q.to, getServiceLevels(r.db).calendar.timeZone);
  if (!countsAnswer(q, days)) {
    const { facts } = base();
    for (const f of facts) counts[days.weekdays[f.day]!]![f.hour]!++;
    return { counts };
  }
  for (const h of createdSince(r, actor, q, days.from, days.to)) {
    const at = hourStart(h.hour);
    const i = days.dayOf(at);
    if (i >= 0) counts[days.weekdays[i]!]![days.hourOf(at, i)]! += h.n;
  }
  return { counts };
}
