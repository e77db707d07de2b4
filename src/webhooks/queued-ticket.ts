import type { Database } from "bun:sqlite";
import { perConnection, sqliteOf, type DbOrTx } from "../../db/client";

/** Read through the partial index of fresh deliveries, never the queue of every pending one. */
export const REFRESH_CREATED = `UPDATE webhook_deliveries SET payload = json_set(payload, '$.ticket', json(
     (SELECT v.ticket FROM webhook_ticket_json v WHERE v.id = webhook_deliveries.ticket_id)))
   WHERE status = 'pending' AND attempts = 0 AND ticket_id = ? AND event = 'ticket.created'`;
const refresh = perConnection((sqlite: Database) => sqlite.prepare<unknown, [number]>(REFRESH_CREATED));

/**
 * A new ticket's deliveries are queued as its row is inserted, before the rest of the submission
 * (its field values) is written: this rewrites their ticket once that is done, in the same transaction.
 */
export function refreshCreatedDeliveries(tx: DbOrTx, ticketId: number) {
  refresh(sqliteOf(tx)).run(ticketId);
}
