import { desc, eq } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { tickets, type TicketRow } from "../../db/schema";
import { notFound } from "../http/errors";
import type { SearchTicketsInput } from "../shared/schemas/search";

/** Enough for anyone's own history; a cap keeps one search cheap. */
const PUBLIC_SEARCH_LIMIT = 50;
const column = { ticketId: tickets.ticketId, email: tickets.email, phone: tickets.phone } as const;

/** Spec §2 Track: exact match by id, e-mail (stored lower-case) or phone; newest first. */
export function searchPublicTickets(db: DbOrTx, { type, query }: SearchTicketsInput): TicketRow[] {
  return db.select().from(tickets).where(eq(column[type], query)).orderBy(desc(tickets.createdAt), desc(tickets.id)).limit(PUBLIC_SEARCH_LIMIT).all();
}

/** A ticket for a public route by its numeric id, else 404. */
export function getPublicTicket(db: DbOrTx, id: number): TicketRow {
  const row = db.select().from(tickets).where(eq(tickets.id, id)).get();
  if (!row) throw notFound("Ticket");
  return row;
}
