import { and, asc, eq } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { ticketNotes, type NoteRow } from "../../db/schema";

/** A ticket's notes, oldest first; public callers pass includeInternal: false and the filter is in SQL. */
export function listNotes({
  db,
  ticketId,
  includeInternal,
}: {
  db: DbOrTx;
  ticketId: number;
  includeInternal: boolean;
}): NoteRow[] {
  const where = includeInternal
    ? eq(ticketNotes.ticketId, ticketId)
    : and(eq(ticketNotes.ticketId, ticketId), eq(ticketNotes.isInternal, false));
  return db
    .select()
    .from(ticketNotes)
    .where(where)
    .orderBy(asc(ticketNotes.createdAt), asc(ticketNotes.id))
    .all();
}
