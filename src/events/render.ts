import type { TicketRow } from "../../db/schema";
import type { LiveTicketEvent } from "../shared/dto";
import { toAdminTicket } from "../tickets/tickets.dto";
import { rowInScope, type ScopeActor } from "../tickets/tickets.scope";
import type { Change } from "./change-log";

/** One server-sent event as text. */
export const sse = (event: string, data: unknown, id?: number) =>
  `${id === undefined ? "" : `id: ${id}\n`}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

/**
 * What one viewer may learn of a change: nothing when the ticket was out of their scope before and
 * after it; "removed" when it left their scope; the ticket's current values only if they may see them.
 */
function eventFor(actor: ScopeActor, c: Change, current: Map<number, TicketRow>): string {
  const after = rowInScope(actor, c.after);
  const before = rowInScope(actor, c.before);
  if (!after && !before) return "";
  const data: LiveTicketEvent = { kind: c.kind, ticketId: c.ticketId };
  if (c.kind === "changed" && !after) data.kind = "removed";
  else if (c.kind === "changed") {
    data.fields = c.fields;
    const row = current.get(c.ticketId);
    if (row && rowInScope(actor, row)) data.ticket = toAdminTicket(row);
  }
  return sse("ticket", data, c.id);
}

/** The events of a batch of changes for one viewer, as one chunk written at once. */
export const chunkFor = (actor: ScopeActor, changes: Change[], current: Map<number, TicketRow>) =>
  changes.map((c) => eventFor(actor, c, current)).join("");
