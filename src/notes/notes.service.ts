import { ticketNotes, type NoteRow, type TicketRow } from "../../db/schema";
import type { Db } from "../../db/client";
import { markFirstResponse } from "../service-levels/ticket-clocks";
import { recordAudit, type Actor } from "../audit/audit.service";
import { runOnRequesterReply } from "../automation/engine";
import { onRequesterReply } from "../notifications/triggers";
import { reopenOnRequesterReply } from "../service-levels/waiting-pause";

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
  /** Minutes the author spent on it, when they said. */
  minutesSpent?: number;
  /** Where a requester's note came from (the portal by default). */
  source?: "web" | "email";
  /** Runs inside the note's transaction, for what must commit with it (the e-mails it causes). */
  andThen?: (row: NoteRow) => void;
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
  source = "web",
  minutesSpent,
  andThen,
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
        source,
        minutesSpent: minutesSpent ?? null,
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
    // A staff note the requester sees (it is also e-mailed to them) is the ticket's first response.
    if (userId !== null) markFirstResponse(tx, ticket.id, { kind: "note", internal: isInternal }, now);
    else if (!isInternal) {
      reopenOnRequesterReply(tx, actor, ticket.id, now);
      onRequesterReply(tx, ticket.id, { actorId: null, now });
      runOnRequesterReply(tx, ticket.id, now);
    }
    andThen?.(row);
    return row;
  });
}
