import { useState } from "react";
import type { AuthUser, TicketDto } from "../../src/shared/dto";
import type { useTicketChange } from "../lib/queries/tickets";

type Args = {
  tickets: TicketDto[];
  onOpen: (id: number) => void;
  user: AuthUser;
  change: ReturnType<typeof useTicketChange>;
};

/** j/k move through the List view, Enter/o open, a assigns to me: the keyboard side of the list. */
export function useListKeys({ tickets, onOpen, user, change }: Args) {
  const [active, setActive] = useState<number | null>(null);
  const index = tickets.findIndex((t) => t.id === active);
  const go = (by: number) => {
    if (!tickets.length) return;
    const t = tickets[Math.min(tickets.length - 1, Math.max(0, index < 0 ? 0 : index + by))]!;
    setActive(t.id);
    // the row's own "View" button takes the focus, so a screen reader announces the ticket
    const row = document.querySelector(`[data-ticket-row="${t.ticketId}"]`);
    row?.querySelector<HTMLButtonElement>("button[aria-label^='View ticket']")?.focus();
    row?.scrollIntoView({ block: "nearest" });
  };
  const current = index >= 0 ? tickets[index] : undefined;
  const open = () => current && onOpen(current.id);
  return {
    active,
    keys: {
      j: () => go(1),
      k: () => go(-1),
      o: open,
      Enter: open,
      a: () => current && change.mutate({ id: current.id, field: "assign", value: user.id }),
    } as Record<string, () => void>,
  };
}
