import type { Database, Statement } from "bun:sqlite";
import { desc, eq } from "drizzle-orm";
import { type Db, type DbOrTx, perConnection, sqliteOf } from "../../db/client";
import { automationRuns } from "../../db/schema";
import type { AutomationRunDto } from "../shared/schemas/automation";

/** How many runs each rule's list keeps. */
export const RUNS_KEPT = 50;

export type Run = { ruleId: number; ticketId: string | null; actions: string[]; error: string | null };

// One insert statement per number of rows, prepared once per connection: a write records all its runs at once.
const statements = perConnection((client: Database) => ({ client, inserts: new Map<number, Statement>() }));

/** Records one write's runs in one statement. */
export function recordRuns(db: DbOrTx, runs: Run[], now: Date) {
  if (runs.length === 0) return;
  const s = statements(sqliteOf(db));
  let stmt = s.inserts.get(runs.length);
  if (!stmt) {
    const rows = Array.from({ length: runs.length }, () => "(?, ?, ?, ?, ?)").join(", ");
    stmt = s.client.prepare(
      `INSERT INTO automation_runs (rule_id, ticket_id, at, actions, error) VALUES ${rows}`,
    );
    s.inserts.set(runs.length, stmt);
  }
  const at = now.getTime();
  stmt.run(...runs.flatMap((r) => [r.ruleId, r.ticketId, at, JSON.stringify(r.actions), r.error]));
}

/** A rule's last runs, newest first. */
export function listRuns(db: Db, ruleId: number): AutomationRunDto[] {
  return db
    .select()
    .from(automationRuns)
    .where(eq(automationRuns.ruleId, ruleId))
    .orderBy(desc(automationRuns.id))
    .limit(RUNS_KEPT)
    .all()
    .map((r) => ({ at: r.at.toISOString(), ticketId: r.ticketId, actions: r.actions, error: r.error }));
}

/** Drops each rule's runs past the newest kept, and those of rules no longer there. */
export function trimRuns(db: DbOrTx, ruleIds: number[]) {
  const sqlite = sqliteOf(db);
  const ids = JSON.stringify(ruleIds);
  sqlite.run("DELETE FROM automation_runs WHERE rule_id NOT IN (SELECT value FROM json_each(?))", [ids]);
  const trim = sqlite.prepare(
    `DELETE FROM automation_runs WHERE rule_id = ?1 AND id <= (SELECT id FROM automation_runs
       WHERE rule_id = ?1 ORDER BY id DESC LIMIT 1 OFFSET ${RUNS_KEPT})`,
  );
  for (const id of ruleIds) trim.run(id);
}
