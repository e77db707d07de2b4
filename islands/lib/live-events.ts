import { useEffect, useState, useSyncExternalStore } from "react";
import { type QueryClient, useQueryClient } from "@tanstack/react-query";
import type { LiveTicketEvent, PresenceEvent, TicketDto } from "../../src/shared/dto";
import { queryKeys } from "./query-keys";
import { api } from "./api";

type Page = { tickets: TicketDto[]; total: number };
const COUNTS_DEBOUNCE_MS = 1000;

/** Lists patched in place: a changed ticket takes its new values, a removed one leaves. */
function patchLists(client: QueryClient, id: number, next: TicketDto | null) {
  client.setQueriesData<Page>({ queryKey: ["tickets", "list"] }, (page) => {
    if (!page?.tickets?.some((t) => t.id === id)) return page;
    const tickets = next
      ? page.tickets.map((t) => (t.id === id ? next : t))
      : page.tickets.filter((t) => t.id !== id);
    return { ...page, tickets, total: page.total - (page.tickets.length - tickets.length) };
  });
}

function apply(client: QueryClient, e: LiveTicketEvent, onCreated: () => void) {
  const { tickets } = queryKeys;
  if (e.kind === "created") onCreated();
  else if (e.kind === "changed" && e.ticket) {
    patchLists(client, e.ticketId, e.ticket);
    client.setQueryData(tickets.detail(e.ticketId), e.ticket);
  } else if (e.kind === "removed" || e.kind === "deleted") patchLists(client, e.ticketId, null);
  else if (e.kind === "note") void client.invalidateQueries({ queryKey: tickets.notes(e.ticketId) });
  else if (e.kind === "file") void client.invalidateQueries({ queryKey: tickets.attachments(e.ticketId) });
}

/**
 * The dashboard's one live stream: ticket changes patch the query cache in place, counts refetch
 * once after a burst, and new tickets are counted for a notice instead of reordering the lists
 * under the pointer. The browser resumes after a drop with Last-Event-ID by itself.
 */
export function useLiveEvents() {
  const client = useQueryClient();
  const [fresh, setFresh] = useState(0);
  useEffect(() => {
    if (typeof EventSource === "undefined") return;
    const source = new EventSource("/api/admin/events");
    let timer: ReturnType<typeof setTimeout> | undefined;
    const counts = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        for (const queryKey of [queryKeys.tickets.stats, queryKeys.tickets.today, ["tickets", "breakdown"]])
          void client.invalidateQueries({ queryKey });
      }, COUNTS_DEBOUNCE_MS);
    };
    source.addEventListener("ticket", (m) => {
      apply(client, JSON.parse(m.data) as LiveTicketEvent, () => setFresh((n) => n + 1));
      counts();
    });
    source.addEventListener("presence", (m) => presence.set(JSON.parse(m.data) as PresenceEvent));
    source.addEventListener(
      "reload",
      () => void client.invalidateQueries({ queryKey: queryKeys.tickets.all }),
    );
    return () => {
      clearTimeout(timer);
      source.close();
    };
  }, [client]);
  const showNew = () => {
    setFresh(0);
    void client.invalidateQueries({ queryKey: ["tickets", "list"] });
  };
  return { newTickets: fresh, showNew };
}

/** Who has which ticket open, as the stream last told. */
const presence = (() => {
  const byTicket = new Map<number, PresenceEvent["viewers"]>();
  const listeners = new Set<() => void>();
  return {
    set(e: PresenceEvent) {
      byTicket.set(e.ticketId, e.viewers);
      for (const l of listeners) l();
    },
    get: (id: number) => byTicket.get(id),
    subscribe(l: () => void) {
      listeners.add(l);
      return () => listeners.delete(l);
    },
  };
})();

/** Names of the others who have this ticket open; tells the server this user has it open meanwhile. */
export function useViewers(ticketId: number | null, me: number) {
  useEffect(() => {
    if (ticketId === null) return;
    void api.post<PresenceEvent>("/api/admin/events/presence", { ticketId }).then(presence.set, () => {});
    return () => void api.post("/api/admin/events/presence", { ticketId: null }).catch(() => {});
  }, [ticketId]);
  const viewers = useSyncExternalStore(
    presence.subscribe,
    () => (ticketId === null ? undefined : presence.get(ticketId)),
    () => undefined,
  );
  return (viewers ?? []).filter((v) => v.id !== me).map((v) => v.name);
}
