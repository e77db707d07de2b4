import { and, desc, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { auditLogs, tickets, users } from "../../db/schema";
import type { ScopeActor } from "../tickets/tickets.scope";
import { getTicketInScope, scopeWhere } from "../tickets/tickets.scope";

/** How many audit rows and other tickets the page shows at most; older history stays in the audit log. */
const HISTORY_LIMIT = 500;
const OTHER_TICKETS_LIMIT = 20;

export type TicketEvent = {
  id: number;
  action: string;
  at: string;
  by: string | null;
  oldValue: unknown;
  newValue: unknown;
};

/** A ticket's latest audit rows, oldest first, for the timeline beside its conversation. */
export function ticketHistory(db: DbOrTx, actor: ScopeActor, id: number): TicketEvent[] {
  const ticket = getTicketInScope(db, actor, id);
  const name = sql<
    string | null
  >`nullif(trim(coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, '')), '')`;
  const rows = db
    .select({
      id: auditLogs.id,
      action: auditLogs.action,
      at: auditLogs.createdAt,
      by: sql<string | null>`coalesce(${name}, ${users.email})`,
      oldValue: auditLogs.oldValue,
      newValue: auditLogs.newValue,
    })
    .from(auditLogs)
    .leftJoin(users, eq(users.id, auditLogs.userId))
    .where(and(eq(auditLogs.entityType, "ticket"), eq(auditLogs.entityId, ticket.ticketId)))
    .orderBy(desc(auditLogs.createdAt), desc(auditLogs.id))
    .limit(HISTORY_LIMIT)
    .all();
  // the newest are read: a ticket changed more often than the limit shows its latest changes
  return rows.reverse().map((r) => ({ ...r, at: r.at.toISOString() }));
}

/** The requester's other tickets (same e-mail), newest first, only those the actor may see. */
export function requesterTickets(db: DbOrTx, actor: ScopeActor, id: number) {
  const ticket = getTicketInScope(db, actor, id);
  const rows = db
    .select({
      id: tickets.id,
      ticketId: tickets.ticketId,
      status: tickets.status,
      description: tickets.description,
      createdAt: tickets.createdAt,
    })
    .from(tickets)
    .where(and(eq(tickets.email, ticket.email), sql`${tickets.id} <> ${ticket.id}`, scopeWhere(actor)))
    .orderBy(sql`${tickets.createdAt} desc`)
    .limit(OTHER_TICKETS_LIMIT)
    .all();
  return rows.map((r) => ({
    ...r,
    description: r.description.split("\n")[0]!.slice(0, 120),
    createdAt: r.createdAt.toISOString(),
  }));
}

/** The row id of a ticket by its public id, when the actor may see it: all the page shell needs. */
export const ticketRefInScope = (db: DbOrTx, actor: ScopeActor, ticketId: string) =>
  db
    .select({ id: tickets.id, ticketId: tickets.ticketId })
    .from(tickets)
    .where(and(eq(tickets.ticketId, ticketId), scopeWhere(actor)))
    .get();
