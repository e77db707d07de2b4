import { and, eq, isNull } from "drizzle-orm";
import { perConnection, placeholders, type Db, type DbOrTx } from "../../db/client";
import { ticketLinks, tickets, type TicketRow } from "../../db/schema";
import { generateSessionToken, sessionIdOf } from "../auth/sessions";

/** A private-link token has the session token's shape: 160 random bits, base32. */
const TOKEN_PATTERN = /^[a-z2-7]{32}$/;

// Prepared once per connection: every submission mints its submitter's link.
const insertLink = perConnection((db: Db) =>
  db
    .insert(ticketLinks)
    .values(placeholders(["ticketId", "tokenHash", "createdAt"]))
    .prepare(),
);

/** Mints a new private link to the ticket and returns the token; only its hash is stored. */
export function mintTicketLink(db: Db, ticketId: number, now: Date): string {
  const token = generateSessionToken();
  insertLink(db).run({ ticketId, tokenHash: sessionIdOf(token), createdAt: now });
  return token;
}

/** Every link to the ticket stops working at once. */
export function revokeTicketLinks(tx: DbOrTx, ticketId: number, now: Date) {
  tx.update(ticketLinks)
    .set({ revokedAt: now })
    .where(and(eq(ticketLinks.ticketId, ticketId), isNull(ticketLinks.revokedAt)))
    .run();
}

/**
 * The ticket a token opens, or null. Malformed, unknown and revoked tokens take the same path (one indexed
 * lookup of the hash), so their answers cannot be told apart by content or timing class.
 */
export function ticketByToken(db: DbOrTx, token: string): TicketRow | null {
  const hash = sessionIdOf(TOKEN_PATTERN.test(token) ? token : `invalid:${token.slice(0, 64)}`);
  const row = db
    .select({ ticket: tickets })
    .from(ticketLinks)
    .innerJoin(tickets, eq(tickets.id, ticketLinks.ticketId))
    .where(and(eq(ticketLinks.tokenHash, hash), isNull(ticketLinks.revokedAt)))
    .get();
  return row?.ticket ?? null;
}
