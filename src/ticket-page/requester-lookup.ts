import { and, desc, gte, lt } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { tickets } from "../../db/schema";
import { scopeWhere, type ScopeActor } from "../tickets/tickets.scope";

const REQUESTER_MATCHES = 8;

/**
 * Earlier requesters whose e-mail starts with `prefix`, from tickets the actor may see, newest contact
 * details first: a range on the e-mail index rather than a LIKE, which would walk every ticket.
 */
export function findRequesters(db: DbOrTx, actor: ScopeActor, prefix: string) {
  const from = prefix.trim().toLowerCase();
  if (from.length < 2) return [];
  const rows = db
    .select({
      email: tickets.email,
      firstName: tickets.firstName,
      lastName: tickets.lastName,
      phone: tickets.phone,
    })
    .from(tickets)
    .where(and(gte(tickets.email, from), lt(tickets.email, `${from}\uffff`), scopeWhere(actor)))
    .orderBy(tickets.email, desc(tickets.createdAt))
    .limit(200)
    .all();
  const seen = new Map<string, (typeof rows)[number]>();
  for (const r of rows) if (!seen.has(r.email) && seen.size < REQUESTER_MATCHES) seen.set(r.email, r);
  return [...seen.values()];
}
