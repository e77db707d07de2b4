import type { Tx } from "../../db/client";
import { appSettings } from "../../db/schema";
import { sqliteOf } from "../../db/client";
import { badRequest } from "../errors/domain-error";
import { isAway, prefsOf } from "../notifications/preferences";

type Agent = { id: number };

/** Active (never suspended) users allowed in the department and not away today, in id order. */
function agentsOf(tx: Tx, department: string, now: Date): Agent[] {
  const agents = sqliteOf(tx)
    .prepare<Agent, [string]>(
      `SELECT id FROM users WHERE status = 'active'
       AND EXISTS (SELECT 1 FROM json_each(allowed_departments) WHERE lower(value) = lower(?)) ORDER BY id`,
    )
    .all(department)
    .filter((a) => !isAway(prefsOf(tx, a.id), now));
  if (agents.length === 0) throw badRequest(`No active agent in ${department}`);
  return agents;
}

/** The agent after the one this rule picked last (kept per rule and department), wrapping round. */
export function nextInTurn(tx: Tx, ruleId: number, department: string, now: Date): number {
  const agents = agentsOf(tx, department, now);
  const key = `automation-turn:${ruleId}:${department.toLowerCase()}`;
  const row = sqliteOf(tx)
    .prepare<{ value: string }, [string]>("SELECT value FROM app_settings WHERE key = ?")
    .get(key);
  const last = Number(row?.value ?? 0);
  const next = agents.find((a) => a.id > last) ?? agents[0]!;
  const value = String(next.id);
  tx.insert(appSettings)
    .values({ key, value, updatedAt: now })
    .onConflictDoUpdate({ target: appSettings.key, set: { value, updatedAt: now } })
    .run();
  return next.id;
}

/** The agent with the fewest unfinished tickets assigned; ties go to the lower id. */
export function leastLoaded(tx: Tx, department: string, now: Date): number {
  const agents = agentsOf(tx, department, now);
  const counts = new Map(
    sqliteOf(tx)
      .prepare<{ who: string; n: number }, [string]>(
        `SELECT assigned_to AS who, count(*) AS n FROM tickets WHERE completed_at IS NULL
         AND assigned_to IN (SELECT value FROM json_each(?)) GROUP BY assigned_to`,
      )
      .all(JSON.stringify(agents.map((a) => String(a.id))))
      .map((r) => [Number(r.who), r.n]),
  );
  let best = agents[0]!;
  for (const a of agents) if ((counts.get(a.id) ?? 0) < (counts.get(best.id) ?? 0)) best = a;
  return best.id;
}
