import type { ReadCtx } from "../../db/read-cache";
import type { ReportKind, ReportQuery } from "../shared/schemas/reports";
import type { ScopeActor } from "../tickets/tickets.scope";
import { agentsReport } from "./agents";
import { attainmentReport } from "./attainment";
import { busiestReport } from "./busiest";
import { reportBase } from "./report-facts";
import { timesReport } from "./times";
import { topReport } from "./top";
import { volumeReport } from "./volume";

/** One figure of the Reports page over the actor's scope, the range and the filters. */
export function report(r: ReadCtx, actor: ScopeActor, kind: ReportKind, q: ReportQuery, now: Date): unknown {
  const base = reportBase(r, actor, q);
  switch (kind) {
    case "volume":
      return volumeReport(r, actor, q, base);
    case "times":
      return timesReport(base);
    case "service-levels":
      return attainmentReport(base, now);
    case "agents":
      return agentsReport(r, actor, q, base);
    case "busiest":
      return busiestReport(base);
    case "top":
      return topReport(base);
  }
}
