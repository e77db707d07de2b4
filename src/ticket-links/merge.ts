import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { fileAttachments, ticketMessages, ticketNotes, tickets, type TicketRow } from "../../db/schema";
import type { Actor } from "../audit/audit.service";
import { recordAudit } from "../audit/audit.service";
import type { AuthUser } from "../shared/dto";
import { badRequest } from "../errors/domain-error";
import { getTicketByPublicId, getTicketInScope } from "../tickets/tickets.scope";
import { statusFields, touched } from "../tickets/tickets.admin.service";
import { changeTicketTags, setTicketTags } from "../tags/ticket-tags";
import { assertNotMerged } from "./merged";
import { moveFollowers } from "../notifications/followers";

type Ctx = { db: Db; actor: Actor; user: AuthUser; now: Date };

/**
 * Merges a ticket into another the agent can also see: its notes, files, tags, followers and e-mail thread move
 * to the target, whose audit row lists what came from where; the merged ticket is closed, points at
 * the target and stays read-only. One immediate transaction.
 */
export function mergeTicket(ctx: Ctx & { id: number; into: number | string }): {
  merged: TicketRow;
  target: TicketRow;
} {
  return ctx.db.transaction(
    (tx) => {
      let from = getTicketInScope(tx, ctx.user, ctx.id);
      let into =
        typeof ctx.into === "number"
          ? getTicketInScope(tx, ctx.user, ctx.into)
          : getTicketByPublicId(tx, ctx.user, ctx.into.toUpperCase());
      if (from.id === into.id)
        throw badRequest("A ticket cannot be merged into itself", { into: "Choose another ticket" });
      assertNotMerged(tx, from);
      assertNotMerged(tx, into);
      const moved = (table: typeof ticketNotes | typeof fileAttachments) =>
        tx
          .update(table)
          .set({ ticketId: into.id })
          .where(eq(table.ticketId, from.id))
          .returning({ id: table.id })
          .all()
          .map((r) => r.id);
      const notes = moved(ticketNotes);
      const files = moved(fileAttachments);
      tx.update(ticketMessages).set({ ticketId: into.id }).where(eq(ticketMessages.ticketId, from.id)).run();
      moveFollowers(tx, from.id, into.id, ctx.now);
      const tags = from.tags;
      if (tags.length) {
        from = setTicketTags(tx, { actor: ctx.actor, ticket: from, names: [], now: ctx.now });
        into = changeTicketTags(tx, { actor: ctx.actor, ticket: into, add: tags, now: ctx.now });
      }
      const merged = tx
        .update(tickets)
        .set({
          ...statusFields(from, "completed", ctx.now),
          mergedInto: into.id,
          ...touched(ctx.now, ctx.actor),
        })
        .where(eq(tickets.id, from.id))
        .returning()
        .get();
      const target = tx
        .update(tickets)
        .set(touched(ctx.now, ctx.actor))
        .where(eq(tickets.id, into.id))
        .returning()
        .get();
      const audit = (entityId: string, action: string, newValue: unknown) =>
        recordAudit(tx, ctx.actor, { action, entityType: "ticket", entityId, newValue }, ctx.now);
      audit(from.ticketId, "merged_into", { into: into.ticketId, status: "completed" });
      audit(into.ticketId, "merged_from", { from: from.ticketId, notes, files, tags });
      return { merged, target };
    },
    { behavior: "immediate" },
  );
}
