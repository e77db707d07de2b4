import type { Database } from "bun:sqlite";
import { perConnection, sqliteOf, type DbOrTx } from "../../db/client";
import type { CustomFieldDto, FieldValue, FieldValues } from "../shared/custom-fields";

type Field = Pick<CustomFieldDto, "id" | "key" | "kind">;
type Raw = { ticketId: number; fieldId: number; t: string | null; n: number | null };

const statements = perConnection((sqlite: Database) => ({
  clear: sqlite.prepare<unknown, [number, number]>(
    "DELETE FROM ticket_field_values WHERE ticket_id = ? AND field_id = ?",
  ),
  insert: sqlite.prepare<unknown, [number, number, number, string | null, number | null]>(
    "INSERT INTO ticket_field_values (ticket_id, field_id, position, value_text, value_number) VALUES (?, ?, ?, ?, ?)",
  ),
  ofTickets: sqlite.prepare<Raw, [string]>(
    `SELECT ticket_id AS ticketId, field_id AS fieldId, value_text AS t, value_number AS n
     FROM ticket_field_values WHERE ticket_id IN (SELECT value FROM json_each(?))
     ORDER BY ticket_id, field_id, position`,
  ),
}));

/** A value as stored rows: numbers and checkboxes as numbers, a multi select as one row per option. */
function rowsOf(v: FieldValue): [string | null, number | null][] {
  if (typeof v === "boolean") return [[null, v ? 1 : 0]];
  if (typeof v === "number") return [[null, v]];
  if (Array.isArray(v)) return v.map((id) => [id, null]);
  return [[v, null]];
}

function storedValue(f: Field, rows: Raw[]): FieldValue | undefined {
  if (f.kind === "multi_select") return rows.map((r) => r.t ?? "").filter(Boolean);
  const r = rows[0];
  if (!r) return undefined;
  if (f.kind === "checkbox") return r.n === 1;
  if (f.kind === "number") return r.n ?? undefined;
  return r.t ?? undefined;
}

/** Writes the values given (undefined: left alone; null: cleared), inside the caller's transaction. */
export function writeValues(
  tx: DbOrTx,
  ticketId: number,
  fields: readonly Field[],
  values: Record<string, FieldValue | null | undefined>,
) {
  const q = statements(sqliteOf(tx));
  for (const f of fields) {
    const v = values[f.key];
    if (v === undefined) continue;
    q.clear.run(ticketId, f.id);
    if (v !== null) for (const [at, [t, n]] of rowsOf(v).entries()) q.insert.run(ticketId, f.id, at, t, n);
  }
}

/** A new ticket's values (nothing to clear), in one statement, inside the ticket's transaction. */
export function insertValues(
  tx: DbOrTx,
  ticketId: number,
  fields: readonly Field[],
  given: Record<string, FieldValue | null | undefined>,
) {
  const params: (string | number | null)[] = [];
  for (const f of fields) {
    const v = given[f.key];
    if (v !== undefined && v !== null)
      for (const [at, [t, n]] of rowsOf(v).entries()) params.push(ticketId, f.id, at, t, n);
  }
  const rows = params.length / 5;
  if (!rows) return;
  // query() keeps the statement per text: one per row count, as few as the forms' fields make
  const values = Array<string>(rows).fill("(?, ?, ?, ?, ?)").join(", ");
  sqliteOf(tx)
    .query(
      `INSERT INTO ticket_field_values (ticket_id, field_id, position, value_text, value_number) VALUES ${values}`,
    )
    .run(...params);
}

/** The values of these tickets for these fields, by ticket id (a ticket without any is absent). */
export function readValues(db: DbOrTx, ticketIds: readonly number[], fields: readonly Field[]) {
  const out = new Map<number, FieldValues>();
  if (!ticketIds.length || !fields.length) return out;
  const byId = new Map(fields.map((f) => [f.id, f]));
  const grouped = new Map<number, Map<number, Raw[]>>();
  for (const r of statements(sqliteOf(db)).ofTickets.all(JSON.stringify(ticketIds))) {
    if (!byId.has(r.fieldId)) continue;
    const perTicket = grouped.get(r.ticketId) ?? new Map<number, Raw[]>();
    grouped.set(r.ticketId, perTicket);
    perTicket.set(r.fieldId, [...(perTicket.get(r.fieldId) ?? []), r]);
  }
  for (const [ticketId, perField] of grouped) {
    const values: FieldValues = {};
    for (const [fieldId, rows] of perField) {
      const f = byId.get(fieldId)!;
      const v = storedValue(f, rows);
      if (v !== undefined) values[f.key] = v;
    }
    out.set(ticketId, values);
  }
  return out;
}
