import type { TicketRow } from "../../db/schema";
import { addNote } from "../notes/notes.service";
import { updateTicketStatus } from "../tickets/tickets.admin.service";
import { queueStaffReply } from "./notify";

type StatusCtx = Omit<Parameters<typeof updateTicketStatus>[0], "status">;

/**
 * A staff note or reply and, when asked, the ticket's new status: one transaction, so a refused
 * status (unknown, stale version) leaves no note and no e-mail behind.
 */
export function addStaffNote({
  ticket,
  note,
  isInternal,
  status,
  author,
  ...ctx
}: StatusCtx & {
  ticket: TicketRow;
  note: string;
  isInternal: boolean;
  status?: string;
  author: { userName: string | null; userEmail: string | null; userId: number | null };
}) {
  const { mail } = ctx;
  return ctx.db.transaction(
    () => {
      const row = addNote({
        db: ctx.db,
        actor: ctx.actor,
        ticket,
        note,
        isInternal,
        now: ctx.now,
        ...author,
        andThen: (saved) => mail && queueStaffReply(mail, ticket, saved),
      });
      if (status !== undefined) updateTicketStatus({ ...ctx, status });
      return row;
    },
    { behavior: "immediate" },
  );
}
