import type { Database } from "bun:sqlite";
import { inArray } from "drizzle-orm";
import { perConnection, type Db } from "../../db/client";
import { tickets, type TicketChangeRow } from "../../db/schema";

type Raw = {
  id: number;
  ticket_id: number;
  kind: TicketChangeRow["kind"];
  fields: string | null;
  department: string;
  company_name: string;
  assigned_to: string | null;
  old_department: string | null;
  old_company_name: string | null;
  old_assigned_to: string | null;
};

/** A change as the hub fans it out: the ticket's scope columns after the change and before it. */
export type Change = {
  id: number;
  ticketId: number;
  kind: TicketChangeRow["kind"];
  fields: string[] | undefined;
  after: { department: string; companyName: string; assignedTo: string | null };
  before: { department: string; companyName: string; assignedTo: string | null };
};

const statements = perConnection((sqlite: Database) => ({
  after: sqlite.prepare<Raw, [number, number]>(
    "SELECT * FROM ticket_changes WHERE id > ? ORDER BY id LIMIT ?",
  ),
  bounds: sqlite.prepare<{ lo: number | null; hi: number | null }, []>(
    "SELECT min(id) AS lo, max(id) AS hi FROM ticket_changes",
  ),
  version: sqlite.prepare<{ v: string }, []>(
    "SELECT (SELECT data_version FROM pragma_data_version) || ':' || total_changes() AS v",
  ),
}));

/** Changes with an id above `id`, oldest first, read by the primary key (never a scan). */
export function changesAfter(sqlite: Database, id: number, limit: number): Change[] {
  return statements(sqlite)
    .after.all(id, limit)
    .map((r) => {
      const after = { department: r.department, companyName: r.company_name, assignedTo: r.assigned_to };
      const before =
        r.kind === "changed"
          ? {
              department: r.old_department ?? r.department,
              companyName: r.old_company_name ?? r.company_name,
              assignedTo: r.old_assigned_to,
            }
          : after;
      return { id: r.id, ticketId: r.ticket_id, kind: r.kind, fields: fieldsOf(r), after, before };
    });
}

/** The fields a change touched: none for a write that changed nothing the log reports. */
const fieldsOf = (r: Raw) => (r.fields ? r.fields.split(",") : r.kind === "changed" ? [] : undefined);

/** The oldest and newest ids still in the log (0 when it is empty). */
export function logBounds(sqlite: Database) {
  const { lo, hi } = statements(sqlite).bounds.all()[0]!;
  return { oldest: lo ?? 0, newest: hi ?? 0 };
}

/** Moves whenever any connection or process commits, or this connection writes. */
export const dataVersion = (sqlite: Database) => statements(sqlite).version.all()[0]!.v;

/** The current rows of some tickets, by primary key. */
export function ticketsById(db: Db, ids: number[]) {
  if (!ids.length) return new Map();
  return new Map(
    db
      .select()
      .from(tickets)
      .where(inArray(tickets.id, ids))
      .all()
      .map((t) => [t.id, t]),
  );
}
