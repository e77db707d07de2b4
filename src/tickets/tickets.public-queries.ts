import { desc, eq, sql } from "drizzle-orm";
import { perConnection, type Db, type DbOrTx } from "../../db/client";
import { tickets, type TicketRow } from "../../db/schema";
import { notFound } from "../errors/domain-error";
import type { SearchTicketsInput } from "../shared/schemas/search";
import type { SearchType } from "../shared/search-rules";
import { phoneQuery } from "../settings/phone-rules";

/** Enough for anyone's own history; a cap keeps one search cheap. */
const PUBLIC_SEARCH_LIMIT = 50;
const column = { ticketId: tickets.ticketId, email: tickets.email, phone: tickets.phoneE164 } as const;

// The tracker's three lookups, each prepared on first use per connection: the public search is
// the portal's hottest read, and building the query each time cost more than running it.
const lookup = (db: Db, type: SearchType) =>
  db
    .select()
    .from(tickets)
    .where(eq(column[type], sql.placeholder("q")))
    .orderBy(desc(tickets.createdAt), desc(tickets.id))
    .limit(PUBLIC_SEARCH_LIMIT)
    .prepare();
const lookups = perConnection((_db: Db): Partial<Record<SearchType, ReturnType<typeof lookup>>> => ({}));

/** Ticket tracking: exact match by id, e-mail (stored lower-case) or phone (as E.164, so any format); newest first. */
export function searchPublicTickets(db: Db, { type, query }: SearchTicketsInput): TicketRow[] {
  const memo = lookups(db);
  const prepared = memo[type] ?? lookup(db, type);
  memo[type] = prepared;
  return prepared.all({ q: type === "phone" ? phoneQuery(db, query) : query });
}

/** A ticket for a public route by its numeric id, else 404. */
export function getPublicTicket(db: DbOrTx, id: number): TicketRow {
  const row = db.select().from(tickets).where(eq(tickets.id, id)).get();
  if (!row) throw notFound("Ticket");
  return row;
}
