import { and, eq, gt, inArray } from "drizzle-orm";
import type { Tx } from "../../db/client";
import { mailOutbox, ticketNotes } from "../../db/schema";
import { recordAudit } from "../audit/audit.service";
import { conflict } from "../errors/domain-error";
import { type Ctx, updateTicketStatus } from "../tickets/tickets.admin.service";
import { getTicketInScope } from "../tickets/tickets.scope";

export type UndoBulkInput = Omit<Ctx, "mail" | "id"> & {
  mailIds: number[];
  /** Each ticket the change set, with the status it had before. */
  tickets: { id: number; status: string }[];
};

/**
 * Undoes a status change to many tickets while their e-mails are held: every ticket must still be in
 * the actor's scope (else 404, nothing undone); the held messages are cancelled and each status goes back.
 */
export function undoBulkSend({ mailIds, tickets: changed, ...ctx }: UndoBulkInput) {
  return ctx.db.transaction(
    (tx) => {
      const rows = changed.map((c) => getTicketInScope(tx, ctx.user, c.id));
      const cancelled = cancelHeld(tx, ctx, mailIds, rows);
      if (cancelled.length === 0) throw conflict("Too late to undo: the e-mails have already been sent");
      for (const [i, ticket] of rows.entries())
        updateTicketStatus({ ...ctx, id: ticket.id, status: changed[i]!.status });
      return { undone: rows.length, cancelled: cancelled.length };
    },
    { behavior: "immediate" },
  );
}

export type UndoInput = Omit<Ctx, "mail"> & {
  /** The held messages the change queued. */
  mailIds: number[];
  /** The status to go back to, when the change set one. */
  status?: string;
  /** A reply whose e-mail is cancelled: it becomes an internal note, so the requester never sees it. */
  noteId?: number;
};

/**
 * Undoes a change while its e-mail is still held: the messages are cancelled, then the status goes back
 * and a reply turns internal, each an audited change. Once a message has left, nothing is undone (409).
 */
export function undoHeldSend({ mailIds, status, noteId, ...ctx }: UndoInput) {
  return ctx.db.transaction(
    (tx) => {
      const ticket = getTicketInScope(tx, ctx.user, ctx.id);
      const cancelled = cancelHeld(tx, ctx, mailIds, [ticket]);
      if (cancelled.length === 0) throw conflict("Too late to undo: the e-mail has already been sent");
      if (noteId !== undefined) hideReply(tx, ctx, ticket.id, noteId);
      const after = status !== undefined ? updateTicketStatus({ ...ctx, status }) : ticket;
      return { ticket: after, cancelled: cancelled.length };
    },
    { behavior: "immediate" },
  );
}

/**
 * Cancels those of the messages that still wait in the outbox for the tickets' hold to end, and records
 * each ticket's cancelled ones in its audit trail.
 */
function cancelHeld(
  tx: Tx,
  ctx: { actor: Ctx["actor"]; now: Date },
  mailIds: number[],
  rows: { id: number; ticketId: string }[],
) {
  const cancelled = tx
    .update(mailOutbox)
    .set({ status: "cancelled" })
    .where(
      and(
        inArray(mailOutbox.id, mailIds),
        inArray(
          mailOutbox.ticketId,
          rows.map((t) => t.id),
        ),
        eq(mailOutbox.status, "pending"),
        gt(mailOutbox.nextAttemptAt, ctx.now),
      ),
    )
    .returning({ id: mailOutbox.id, ticketId: mailOutbox.ticketId })
    .all();
  for (const ticket of rows) {
    const ids = cancelled.filter((m) => m.ticketId === ticket.id).map((m) => m.id);
    if (ids.length === 0) continue;
    const entry = { entityType: "ticket", entityId: ticket.ticketId, newValue: { mailIds: ids } };
    recordAudit(tx, ctx.actor, { action: "mail_cancelled", ...entry }, ctx.now);
  }
  return cancelled;
}

function hideReply(tx: Tx, ctx: Omit<Ctx, "mail">, ticketId: number, noteId: number) {
  const row = tx
    .update(ticketNotes)
    .set({ isInternal: true })
    .where(
      and(eq(ticketNotes.id, noteId), eq(ticketNotes.ticketId, ticketId), eq(ticketNotes.isInternal, false)),
    )
    .returning({ id: ticketNotes.id })
    .all();
  if (row.length > 0)
    recordAudit(
      tx,
      ctx.actor,
      {
        action: "updated",
        entityType: "note",
        entityId: noteId,
        oldValue: { isInternal: false },
        newValue: { isInternal: true },
      },
      ctx.now,
    );
}
