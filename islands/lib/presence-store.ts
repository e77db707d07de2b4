import type { PresenceEvent } from "../../src/shared/dto";

/**
 * Who has which ticket open. The stream tells every change once it is connected, so an answer to this
 * page's own request is kept only when no stream event for that ticket came while it was on its way.
 */
export function presenceStore() {
  const byTicket = new Map<number, PresenceEvent["viewers"]>();
  const told = new Map<number, number>();
  const listeners = new Set<() => void>();
  const set = (e: PresenceEvent) => {
    byTicket.set(e.ticketId, e.viewers);
    for (const l of listeners) l();
  };
  return {
    fromStream(e: PresenceEvent) {
      told.set(e.ticketId, (told.get(e.ticketId) ?? 0) + 1);
      set(e);
    },
    /** Returns how to apply the answer to a request sent now. */
    asking(ticketId: number) {
      const before = told.get(ticketId) ?? 0;
      return (e: PresenceEvent) => {
        if ((told.get(ticketId) ?? 0) === before) set(e);
      };
    },
    get: (id: number) => byTicket.get(id),
    subscribe(l: () => void) {
      listeners.add(l);
      return () => listeners.delete(l);
    },
  };
}
