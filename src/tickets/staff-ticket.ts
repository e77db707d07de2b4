import type { TicketRow } from "../../db/schema";
import type { WriteCtx } from "../deps";
import { forbidden } from "../errors/domain-error";
import { addNote } from "../notes/notes.service";
import { staffAuthor } from "../notes/staff-author";
import type { AuthUser } from "../shared/dto";
import type { StaffTicketInput } from "../shared/schemas/admin-ticket";
import { rowInScope } from "./tickets.scope";
import { submitTicket } from "./tickets.service";

/**
 * A ticket staff open for a caller, a visitor or themselves: the portal's checks, the channel kept, the
 * first internal note in the same transaction; a ticket outside the opener's own scope is refused.
 */
export function openStaffTicket(ctx: WriteCtx & { user: AuthUser; input: StaffTicketInput }): TicketRow {
  const { channel, notifyRequester, note, ...input } = ctx.input;
  return submitTicket({
    ...ctx,
    input,
    channel,
    receipt: notifyRequester,
    andThen: (row) => {
      if (!rowInScope(ctx.user, row)) throw forbidden("You cannot open tickets outside your own queue");
      if (note)
        addNote({
          db: ctx.deps.db,
          actor: ctx.actor,
          ticket: row,
          note,
          isInternal: true,
          now: ctx.now,
          ...staffAuthor(ctx.user),
        });
    },
  });
}
