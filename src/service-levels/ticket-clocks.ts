import { and, eq, isNull } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { tickets, type TicketRow } from "../../db/schema";
import { respondedAt, type StaffAction, stopsFirstResponse } from "./first-response";

/** The first-response field a status change writes: set once, when the ticket first leaves Open. */
export function responseOnStatus(t: TicketRow, status: string, now: Date): { firstRespondedAt: Date | null } {
  return {
    firstRespondedAt: respondedAt(t.firstRespondedAt, { kind: "status", from: t.status, to: status }, now),
  };
}

/** Stops a ticket's first-response clock when a staff action counts as a response; later ones never move it. */
export function markFirstResponse(tx: DbOrTx, ticketId: number, action: StaffAction, now: Date) {
  if (!stopsFirstResponse(action)) return;
  tx.update(tickets)
    .set({ firstRespondedAt: now })
    .where(and(eq(tickets.id, ticketId), isNull(tickets.firstRespondedAt)))
    .run();
}
