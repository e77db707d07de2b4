import { and, eq, inArray, notInArray } from "drizzle-orm";
import type { DbOrTx, Tx } from "../../db/client";
import { tags, ticketTags, tickets, type TicketRow } from "../../db/schema";
import { recordAudit, type Actor } from "../audit/audit.service";
import { badRequest } from "../errors/domain-error";
import { TAGS_PER_TICKET } from "../shared/schemas/tags";
import { touched } from "../tickets/tickets.admin.service";
import { assertNotMerged } from "../ticket-links/merged";

export const tagKey = (name: string) => name.trim().toLowerCase();

/** One entry per name whatever its case, the first spelling kept. */
export function uniqueNames(names: string[]) {
  const byKey = new Map<string, string>();
  for (const n of names) if (!byKey.has(tagKey(n))) byKey.set(tagKey(n), n.trim());
  return [...byKey.values()];
}

/** The tags of these names, created on first use with the spelling given. */
function resolveTags(tx: DbOrTx, names: string[], now: Date) {
  const wanted = uniqueNames(names);
  if (!wanted.length) return [];
  for (const name of wanted)
    tx.insert(tags)
      .values({ name, nameKey: tagKey(name), createdAt: now, updatedAt: now })
      .onConflictDoNothing()
      .run();
  const rows = tx
    .select()
    .from(tags)
    .where(inArray(tags.nameKey, wanted.map(tagKey)))
    .all();
  const byKey = new Map(rows.map((r) => [r.nameKey, r]));
  return wanted.map((n) => byKey.get(tagKey(n))!);
}

/**
 * Sets a ticket's whole list of tags inside the caller's transaction: the index rows, the names the
 * ticket shows, its version and an audit row. A list equal to the current one changes nothing.
 */
export function setTicketTags(
  tx: Tx,
  { actor, ticket, names, now }: { actor: Actor; ticket: TicketRow; names: string[]; now: Date },
): TicketRow {
  assertNotMerged(tx, ticket);
  const rows = resolveTags(tx, names, now);
  if (rows.length > TAGS_PER_TICKET)
    throw badRequest(`At most ${TAGS_PER_TICKET} tags on a ticket`, {
      tags: `At most ${TAGS_PER_TICKET} tags on a ticket`,
    });
  const shown = rows.map((r) => r.name);
  if (JSON.stringify(shown) === JSON.stringify(ticket.tags)) return ticket;
  const ids = rows.map((r) => r.id);
  tx.delete(ticketTags)
    .where(
      and(eq(ticketTags.ticketId, ticket.id), ids.length ? notInArray(ticketTags.tagId, ids) : undefined),
    )
    .run();
  for (const tagId of ids)
    tx.insert(ticketTags).values({ tagId, ticketId: ticket.id }).onConflictDoNothing().run();
  const after = tx
    .update(tickets)
    .set({ tags: shown, ...touched(now, actor) })
    .where(eq(tickets.id, ticket.id))
    .returning()
    .get();
  recordAudit(
    tx,
    actor,
    {
      action: "tags_changed",
      entityType: "ticket",
      entityId: ticket.ticketId,
      oldValue: { tags: ticket.tags },
      newValue: { tags: shown },
    },
    now,
  );
  return after;
}

/** Adds and removes some tags, keeping the others in their order (bulk actions, macros). */
export function changeTicketTags(
  tx: Tx,
  ctx: { actor: Actor; ticket: TicketRow; add?: string[]; remove?: string[]; now: Date },
): TicketRow {
  const gone = new Set((ctx.remove ?? []).map(tagKey));
  const kept = ctx.ticket.tags.filter((n) => !gone.has(tagKey(n)));
  return setTicketTags(tx, { ...ctx, names: [...kept, ...(ctx.add ?? [])] });
}
