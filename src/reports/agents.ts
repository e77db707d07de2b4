import { inArray } from "drizzle-orm";
import { users } from "../../db/schema";
import type { ReadCtx } from "../../db/read-cache";
import type { ReportQuery } from "../shared/schemas/reports";
import type { ScopeActor } from "../tickets/tickets.scope";
import { ascending, groupBy, nearestRank } from "./percentiles";
import type { ReportBase } from "./report-facts";
import { openPerAgent } from "./open-now";
import type { AgentRow } from "../shared/report-shapes";

function namesOf(r: ReadCtx, ids: string[]): Map<string, string> {
  const numeric = ids.map(Number).filter(Number.isInteger);
  if (!numeric.length) return new Map();
  const rows = r.db
    .select({ id: users.id, first: users.firstName, last: users.lastName, email: users.email })
    .from(users)
    .where(inArray(users.id, numeric))
    .all();
  return new Map(rows.map((u) => [String(u.id), [u.first, u.last].filter(Boolean).join(" ") || u.email]));
}

/** Per assignee: the range's tickets assigned and resolved, median first response and reopenings, and the open load now. */
export function agentsReport(
  r: ReadCtx,
  actor: ScopeActor,
  q: ReportQuery,
  { facts }: ReportBase,
): AgentRow[] {
  const open = openPerAgent(r, actor, q);
  const byAgent = groupBy(
    facts.filter((f) => f.agent !== null),
    (f) => f.agent!,
  );
  const ids = [...new Set([...byAgent.keys(), ...open.keys()])];
  const names = namesOf(r, ids);
  return ids
    .map((agent): AgentRow => {
      const list = byAgent.get(agent) ?? [];
      const first = list.flatMap((f) => (f.firstResponse ? [f.firstResponse] : []));
      return {
        agent,
        name: names.get(agent) ?? agent,
        assigned: list.length,
        resolved: list.filter((f) => f.completedAt !== null).length,
        openNow: open.get(agent) ?? 0,
        medianFirstResponseMinutes: nearestRank(
          ascending(first, (d) => d.calendar),
          0.5,
        ),
        medianFirstResponseBusinessMinutes: nearestRank(
          ascending(first, (d) => d.business),
          0.5,
        ),
        reopened: list.reduce((n, f) => n + f.reopened, 0),
      };
    })
    .sort((a, b) => b.assigned - a.assigned || a.name.localeCompare(b.name));
}
