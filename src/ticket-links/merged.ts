import { eq } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { tickets, type TicketRow } from "../../db/schema";
import { conflict } from "../errors/domain-error";

const publicIdOf = (db: DbOrTx, id: number) =>
  db.select({ ticketId: tickets.ticketId }).from(tickets).where(eq(tickets.id, id)).get()?.ticketId ??
  `#${id}`;

/** A merged ticket is read-only: a write on it is refused, naming the ticket it lives on now. */
export function assertNotMerged(db: DbOrTx, t: TicketRow) {
  if (t.mergedInto !== null)
    throw conflict(`This ticket was merged into ${publicIdOf(db, t.mergedInto)}; make changes there`);
}

/** The ticket a merged one leads to (following merges of merges), or the ticket itself. */
export function mergedTarget(db: DbOrTx, t: TicketRow): TicketRow {
  let current = t;
  for (let hops = 0; current.mergedInto !== null && hops < 20; hops++) {
    const next = db.select().from(tickets).where(eq(tickets.id, current.mergedInto)).get();
    if (!next) break;
    current = next;
  }
  return current;
}
