import { eq } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { tickets, type TicketRow } from "../../db/schema";
import { follow, followerIds } from "./followers";
import { notify } from "./notify.service";

type Common = { actorId: number | null; now: Date; publicUrl?: string };

/** A new assignee follows the ticket and is told, unless they assigned it to themself. */
export function onAssigned(tx: DbOrTx, before: TicketRow, after: TicketRow, c: Common) {
  if (!after.assignedTo || after.assignedTo === before.assignedTo) return;
  const assignee = Number(after.assignedTo);
  follow(tx, after.id, assignee, c.now);
  notify(tx, { kind: "assigned", ticket: after, userIds: [assignee], ...c });
}

/** The requester answered: everyone following the ticket, and its assignee, hear of it. */
export function onRequesterReply(tx: DbOrTx, ticketId: number, c: Common) {
  const ticket = tx.select().from(tickets).where(eq(tickets.id, ticketId)).get();
  if (!ticket) return;
  const ids = followerIds(tx, ticketId);
  if (ticket.assignedTo) ids.push(Number(ticket.assignedTo));
  notify(tx, { kind: "requester_replied", ticket, userIds: ids, ...c });
}
