import type { TicketRow } from "../../db/schema";
import type { AuthUser, PresenceEvent } from "../shared/dto";
import { rowInScope } from "../tickets/tickets.scope";
import { sse } from "./render";

type Viewing = { name: string; ticket: TicketRow };

/**
 * Who has which ticket open, in this process: a viewer is told only about tickets in their own
 * scope, and only users who could open the ticket are ever listed.
 */
export class Presence {
  private viewing = new Map<number, Viewing>();

  constructor(private send: (text: string, row: TicketRow) => void) {}

  canSee = (user: AuthUser, row: TicketRow) => rowInScope(user, row);

  /** The user now has `ticket` open (null: none); both the old and the new ticket's viewers are told. */
  view(user: AuthUser, ticket: TicketRow | null): PresenceEvent | null {
    const before = this.viewing.get(user.id);
    if (ticket) this.viewing.set(user.id, { name: nameOf(user), ticket });
    else this.viewing.delete(user.id);
    if (before && before.ticket.id !== ticket?.id) this.announce(before.ticket);
    if (!ticket) return null;
    return this.announce(ticket);
  }

  leave(userId: number) {
    const before = this.viewing.get(userId);
    if (!before) return;
    this.viewing.delete(userId);
    this.announce(before.ticket);
  }

  private announce(ticket: TicketRow): PresenceEvent {
    const viewers = [...this.viewing.entries()]
      .filter(([, v]) => v.ticket.id === ticket.id)
      .map(([id, v]) => ({ id, name: v.name }));
    const event = { ticketId: ticket.id, viewers };
    this.send(sse("presence", event), ticket);
    return event;
  }
}

const nameOf = (u: AuthUser) => [u.firstName, u.lastName].filter(Boolean).join(" ") || u.email;
