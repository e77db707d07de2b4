import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client";
import { formatTicketId } from "../shared/format";
import type { SubmitStatements } from "./tickets.prepared";
import { idPrefix } from "../settings/id-prefix";

/**
 * Next `PREFIX-YYYY-NNN` (the prefix from Settings → Portal). Call inside the insert's IMMEDIATE transaction:
 * the write lock is held from BEGIN, so two submissions can never read the same counter.
 * RETURNING rows are read with .all(): a statement left mid-step blocks WAL checkpoints.
 */
export function nextTicketId(tx: Tx, q: SubmitStatements, now: Date): string {
  const year = now.getFullYear(); // the TZ setting decides the year
  const [bumped] = q.bumpCounter.all({ year });
  const prefix = idPrefix(tx);
  return formatTicketId(year, bumped?.last ?? startYear(tx, year, prefix), prefix);
}

/** A year's first id continues after the highest one already stored, so restored or imported data never collides. */
function startYear(tx: Tx, year: number, office: string): number {
  const prefix = `${office}-${year}-`;
  // A range on the unique ticket_id index instead of LIKE, which SQLite cannot index case-sensitively.
  const [row] = tx.all<{ last: number }>(sql`
    INSERT INTO ticket_counters (year, last)
    SELECT ${year}, coalesce(max(cast(substr(ticket_id, ${prefix.length + 1}) AS INTEGER)), 0) + 1
    FROM tickets WHERE ticket_id >= ${prefix} AND ticket_id < ${`${office}-${year}.`}
    RETURNING last`);
  return row!.last;
}
