import type { TicketRow } from "../../db/schema";
import { addNote } from "../notes/notes.service";
import { updateTicketStatus } from "../tickets/tickets.admin.service";
import { queueStaffReply } from "./notify";
import { mentionsIn } from "../notifications/mentions";
import { notify } from "../notifications/notify.service";

type StatusCtx = Omit<Parameters<typeof updateTicketStatus>[0], "status">;

/**
 * A staff note or reply and, when asked, the ticket's new status: one transaction, so a refused
 * status (unknown, stale version) leaves no note and no e-mail behind. An internal note tells the
 * colleagues it mentions who may see the ticket, and names those it could not mention.
 */
export function addStaffNote({
  ticket,
  note,
  isInternal,
  status,
  author,
  minutesSpent,
  attachmentIds,
  ...ctx
}: StatusCtx & {
  ticket: TicketRow;
  note: string;
  isInternal: boolean;
  status?: string;
  minutesSpent?: number;
  /** This ticket's files, uploaded first, that the reply's e-mail carries. */
  attachmentIds?: number[];
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
        minutesSpent,
        andThen: (saved) => mail && queueStaffReply(mail, ticket, saved, attachmentIds),
      });
      const mentioned = isInternal ? mentionsIn(ctx.db, ticket, row.note) : { ids: [], ignored: [] };
      const at = { ticket, actorId: ctx.actor.userId, now: ctx.now, publicUrl: mail?.publicUrl };
      notify(ctx.db, { kind: "mentioned", userIds: mentioned.ids, ...at });
      if (status !== undefined) updateTicketStatus({ ...ctx, status });
      return { row, notMentioned: mentioned.ignored };
    },
    { behavior: "immediate" },
  );
}
