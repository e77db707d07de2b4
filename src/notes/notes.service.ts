import { ticketNotes, type NoteRow, type TicketRow } from "../../db/schema";
import type { Db } from "../../db/client";
import { recordAudit, type Actor } from "../audit/audit.service";

export type AddNoteInput = {
  db: Db;
  actor: Actor;
  /** Already checked by the caller: public lookup, or getTicketInScope for staff. */
  ticket: Pick<TicketRow, "id" | "ticketId">;
  note: string;
  userName: string | null;
  userEmail: string | null;
  userId: number | null;
  isInternal: boolean;
  now: Date;
};

/** Inserts a note and its audit row in one transaction. */
export function addNote({
  db,
  actor,
  ticket,
  note,
  userName,
  userEmail,
  userId,
  isInternal,
  now,
}: AddNoteInput): NoteRow {
  return db.transaction((tx) => {
    const row = tx
      .insert(ticketNotes)
      .values({
        ticketId: ticket.id,
        note: note.trim(),
        userName,
        userEmail,
        userId,
        isInternal,
        createdAt: now,
      })
      .returning()
      .get();
    recordAudit(
      tx,
      actor,
      {
        action: "created",
        entityType: "note",
        entityId: row.id,
        newValue: { ticketId: ticket.ticketId, isInternal, userName },
      },
      now,
    );
    return row;
  });
}
