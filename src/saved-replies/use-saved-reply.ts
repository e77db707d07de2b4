import { eq, sql } from "drizzle-orm";
import type { Tx } from "../../db/client";
import { savedReplies, tickets, type TicketRow } from "../../db/schema";
import type { DbWriteCtx } from "../deps";
import type { AuthUser } from "../shared/dto";
import { fillPlaceholders } from "../shared/placeholders";
import { recordAudit } from "../audit/audit.service";
import { urlOf } from "../mail/compose";
import { type MailCtx, queueStatusMail } from "../conversation/notify";
import { getTicketInScope } from "../tickets/tickets.scope";
import { assertStatus, statusChange, touched } from "../tickets/tickets.admin.service";
import { changeTicketTags } from "../tags/ticket-tags";
import { getSavedReply } from "./saved-replies.service";
import { assertNotMerged } from "../ticket-links/merged";

type Ctx = DbWriteCtx & { user: AuthUser; mail: MailCtx; publicUrl?: string };

const fullName = (first: string | null, last: string | null) => [first, last].filter(Boolean).join(" ");

/** The reply's text for this ticket and agent, its placeholders filled. */
function fillFor(body: string, t: TicketRow, user: AuthUser, publicUrl?: string) {
  const path = `/admin/tickets/${t.ticketId}`;
  return fillPlaceholders(body, {
    "requester.firstName": t.firstName,
    "requester.name": fullName(t.firstName, t.lastName),
    "ticket.id": t.ticketId,
    "ticket.link": urlOf(publicUrl, path) ?? path,
    "agent.firstName": user.firstName ?? user.email,
    "agent.name": fullName(user.firstName, user.lastName) || user.email,
  });
}

function setStatus(tx: Tx, ctx: Ctx, before: TicketRow, status: string): TicketRow {
  assertStatus(tx, status);
  if (before.status === status) return before;
  const fields = statusChange(tx, before, status, ctx.now);
  const after = tx
    .update(tickets)
    .set({ ...fields, ...touched(ctx.now, ctx.actor) })
    .where(eq(tickets.id, before.id))
    .returning()
    .get();
  recordAudit(
    tx,
    ctx.actor,
    {
      action: "status_changed",
      entityType: "ticket",
      entityId: before.ticketId,
      oldValue: { status: before.status },
      newValue: { status },
    },
    ctx.now,
  );
  queueStatusMail(ctx.mail, before, after);
  return after;
}

/**
 * Uses a saved reply on a ticket: its text filled for the ticket and agent, its status and tags
 * applied and its use counted, in one transaction. The text is returned for the agent to send.
 */
export function useSavedReply(ctx: Ctx & { id: number; ticketId: number }) {
  return ctx.db.transaction(
    (tx) => {
      const reply = getSavedReply(tx, ctx.user, ctx.id);
      let ticket = getTicketInScope(tx, ctx.user, ctx.ticketId);
      assertNotMerged(tx, ticket);
      if (reply.tags.length)
        ticket = changeTicketTags(tx, { actor: ctx.actor, ticket, add: reply.tags, now: ctx.now });
      if (reply.status) ticket = setStatus(tx, ctx, ticket, reply.status);
      tx.update(savedReplies)
        .set({ usageCount: sql`${savedReplies.usageCount} + 1` })
        .where(eq(savedReplies.id, reply.id))
        .run();
      return { text: fillFor(reply.body, ticket, ctx.user, ctx.publicUrl), ticket };
    },
    { behavior: "immediate" },
  );
}
