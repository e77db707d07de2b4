import type { AuthUser, PresenceEvent } from "../shared/dto";
import { rowInScope } from "../tickets/tickets.scope";
import { onSiblingMessage, tellSiblings, type PresenceTicket, type SiblingMessage } from "../workers/ipc";
import { sse } from "./render";
import { personName } from "../users/colleague-address";

/** `from`: the process whose stream the viewer uses (this one or a sibling server process). */
type Viewing = { name: string; ticket: PresenceTicket; from: string };

const SELF = String(process.pid);

/**
 * Who has which ticket open, across every server process: each process tells its siblings about its own
 * viewers and forgets a sibling's when that process ends. A viewer is told only about tickets in their
 * own scope, and only users who could open the ticket are ever listed.
 */
export class Presence {
  private viewing = new Map<number, Viewing>();

  constructor(private send: (text: string, row: PresenceTicket) => void) {
    onSiblingMessage("presence", (m) => this.fromSibling(m));
    onSiblingMessage("worker-gone", (m) => this.forget(m.from));
    onSiblingMessage("presence-hello", () => {
      for (const [userId, v] of this.viewing)
        if (v.from === SELF)
          tellSiblings({ type: "presence", from: SELF, userId, name: v.name, ticket: v.ticket });
    });
    tellSiblings({ type: "presence-hello", from: SELF });
  }

  canSee = (user: AuthUser, row: PresenceTicket) => rowInScope(user, row);

  /** The user now has `ticket` open (null: none); both the old and the new ticket's viewers are told. */
  view(user: AuthUser, ticket: PresenceTicket | null): PresenceEvent | null {
    const slim = ticket && {
      id: ticket.id,
      department: ticket.department,
      companyName: ticket.companyName,
      assignedTo: ticket.assignedTo,
    };
    const name = nameOf(user);
    tellSiblings({ type: "presence", from: SELF, userId: user.id, name, ticket: slim });
    return this.set(user.id, slim && { name, ticket: slim, from: SELF });
  }

  leave(userId: number) {
    if (this.viewing.get(userId)?.from !== SELF) return;
    tellSiblings({ type: "presence", from: SELF, userId, name: "", ticket: null });
    this.set(userId, null);
  }

  private fromSibling(m: Extract<SiblingMessage, { type: "presence" }>) {
    if (!m.ticket && this.viewing.get(m.userId)?.from !== m.from) return;
    this.set(m.userId, m.ticket && { name: m.name, ticket: m.ticket, from: m.from });
  }

  private forget(from: string) {
    for (const [userId, v] of [...this.viewing]) if (v.from === from) this.set(userId, null);
  }

  private set(userId: number, now: Viewing | null): PresenceEvent | null {
    const before = this.viewing.get(userId);
    if (now) this.viewing.set(userId, now);
    else this.viewing.delete(userId);
    if (before && before.ticket.id !== now?.ticket.id) this.announce(before.ticket);
    return now ? this.announce(now.ticket) : null;
  }

  private announce(ticket: PresenceTicket): PresenceEvent {
    const viewers = [...this.viewing.entries()]
      .filter(([, v]) => v.ticket.id === ticket.id)
      .map(([id, v]) => ({ id, name: v.name }));
    const event = { ticketId: ticket.id, viewers };
    this.send(sse("presence", event), ticket);
    return event;
  }
}

// Sent to every viewer of the ticket alike, so never an address: a nameless user is "User #id".
const nameOf = (u: AuthUser) => personName(null, u);
