import type { Database } from "bun:sqlite";
import { getTableColumns } from "drizzle-orm";
import { perConnection, sqliteOf, type DbOrTx } from "../../db/client";
import { tickets, type TicketRow } from "../../db/schema";

type Value = string | number | null;
const columns = getTableColumns(tickets);

// Prepared once per connection: rules run inside every submission, where building a statement costs more than running it.
const prepared = perConnection((client: Database) => ({
  open: client.prepare("SAVEPOINT automation_rule"),
  release: client.prepare("RELEASE automation_rule"),
  undo: client.prepare("ROLLBACK TO automation_rule"),
  status: client.prepare<{ one: number }, [string]>("SELECT 1 AS one FROM ticket_statuses WHERE name = ?"),
  priority: client.prepare<{ one: number }, [string]>(
    "SELECT 1 AS one FROM ticket_priorities WHERE name = ?",
  ),
  notes: client.prepare<unknown, [number, string]>(
    `INSERT INTO ticket_notes (ticket_id, note, user_name, user_email, user_id, is_internal, source, created_at)
     SELECT value ->> 0, value ->> 1, value ->> 2, NULL, NULL, 1, 'web', ? FROM json_each(?) ORDER BY key`,
  ),
  updates: new Map<string, ReturnType<Database["prepare"]>>(),
}));

export const statementsOf = (db: DbOrTx) => prepared(sqliteOf(db));

export const listHas = (db: DbOrTx, list: "status" | "priority", name: string) =>
  Boolean(statementsOf(db)[list].all(name)[0]);

/** An internal note a rule adds, kept until its session closes. */
export type RuleNote = { ticketId: number; note: string; userName: string };

/**
 * Writes rules' notes in one statement: each statement after a note makes the word index store what it
 * holds pending as a segment of its own, so notes written one by one cost a segment each.
 */
export function insertNotes(db: DbOrTx, notes: RuleNote[], now: Date) {
  if (notes.length === 0) return;
  const rows = notes.map((n) => [n.ticketId, n.note, n.userName]);
  statementsOf(db).notes.run(now.getTime(), JSON.stringify(rows));
}

/** Writes the changed columns (plus the time, the next version and no human writer) and returns the row as it now stands. */
export function updateTicket(db: DbOrTx, t: TicketRow, set: Partial<TicketRow>, now: Date): TicketRow {
  const same = (a: unknown, b: unknown) =>
    a instanceof Date && b instanceof Date ? a.getTime() === b.getTime() : a === b;
  const keys = (Object.keys(set) as (keyof TicketRow)[]).filter((k) => !same(set[k], t[k]));
  if (keys.length === 0) return t;
  const s = statementsOf(db);
  const sig = keys.join(",");
  let stmt = s.updates.get(sig);
  if (!stmt) {
    const assignments = keys.map((k) => `${columns[k].name} = ?`).join(", ");
    stmt = sqliteOf(db).prepare(
      `UPDATE tickets SET ${assignments}, updated_at = ?, version = version + 1, updated_by = NULL WHERE id = ?`,
    );
    s.updates.set(sig, stmt);
  }
  const values = keys.map((k) => (set[k] == null ? null : (columns[k].mapToDriverValue(set[k]) as Value)));
  stmt.run(...values, now.getTime(), t.id);
  return { ...t, ...set, updatedAt: now, version: t.version + 1, updatedBy: null };
}
