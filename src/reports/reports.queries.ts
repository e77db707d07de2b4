import type { ReadCtx } from "../../db/read-cache";
import type { ReportKind, ReportQuery } from "../shared/schemas/reports";
import { scopeOf, type ScopeActor } from "../tickets/tickets.scope";
import type { ReportShapes } from "../shared/report-shapes";
import { agentsReport } from "./agents";
import { attainmentReport, attainmentUntil } from "./attainment";
import { busiestReport } from "./busiest";
import { reportBase, type ReportBase } from "./report-facts";
import { timesReport } from "./times";
import { topReport } from "./top";
import { timeSpentReport } from "../time-spent/time-spent.report";
import { volumeReport } from "./volume";

/** One figure of the Reports page over the actor's scope, the range and the filters. */
export function report<K extends ReportKind>(
  r: ReadCtx,
  actor: ScopeActor,
  kind: K,
  q: ReportQuery,
  now: Date,
): ReportShapes[K] {
  // read only when the figure itself is not kept
  const base = () => reportBase(r, actor, q);
  const figures: { [P in ReportKind]: () => ReportShapes[P] } = {
    volume: () => volumeReport(r, actor, q, base),
    times: () => timesReport(base()),
    "service-levels": () => judged(r, actor, q, base, now),
    agents: () => agentsReport(r, actor, q, base()),
    busiest: () => busiestReport(r, actor, q, base),
    top: () => topReport(base()),
    "time-spent": () => timeSpentReport(r, actor, q),
  };
  // service levels keep their own answer, bounded by the clock
  if (kind === "service-levels") return figures[kind]();
  const { format: _f, ...filters } = q;
  return r.cache.get(
    r.db,
    { kind: "report", scope: scopeOf(actor) ?? null, filters, order: kind },
    figures[kind],
  );
}

/** Service levels judge running clocks against now: kept from when judged until a running clock falls due. */
function judged(r: ReadCtx, actor: ScopeActor, q: ReportQuery, base: () => ReportBase, now: Date) {
  const { format: _f, ...filters } = q;
  const at = now.getTime();
  const kept = r.cache.get(
    r.db,
    { kind: "report", scope: scopeOf(actor) ?? null, filters, order: "service-levels" },
    () => {
      const facts = base();
      return { report: attainmentReport(facts, now), from: at, until: attainmentUntil(facts, now) };
    },
    { fresh: (k) => k.from <= at && at <= k.until },
  );
  return kept.report;
}
