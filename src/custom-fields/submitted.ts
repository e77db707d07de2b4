import type { DbOrTx } from "../../db/client";
import type { ReadCache } from "../../db/read-cache";
import { activeFields, formFields } from "./definitions";
import { checkValues } from "./check-values";
import { insertValues } from "./values";
import { refreshCreatedDeliveries } from "../webhooks/queued-ticket";

/** Whose form a new ticket came from: the portal's carries public fields only; none, no fields (mail). */
export type FieldsAudience = "public" | "staff";

/**
 * Checks a new ticket's `customFields` against its type's form and stores them, inside the ticket's
 * transaction, so a refused value leaves no ticket behind.
 */
export function saveSubmittedFields(
  tx: DbOrTx,
  cache: ReadCache,
  ticket: { id: number; ticketType: string },
  raw: unknown,
  audience: FieldsAudience | undefined,
) {
  if (!audience) return;
  const all = activeFields({ db: tx, cache });
  if (!all.length && raw === undefined) return;
  const fields = formFields(all, ticket.ticketType, audience);
  const checked = checkValues(cache, all, { key: `${audience}:${ticket.ticketType}`, fields }, raw);
  // a new ticket has nothing to clear: empty values are simply not written
  const values = Object.fromEntries(Object.entries(checked).filter(([, v]) => v !== null));
  insertValues(tx, ticket.id, fields, values);
  if (Object.keys(values).length) refreshCreatedDeliveries(tx, ticket.id);
}
