import { useEffect, useState, useSyncExternalStore } from "react";
import { type QueryClient, useQueryClient } from "@tanstack/react-query";
import type { LiveTicketEvent, PresenceEvent, TicketDto } from "../../src/shared/dto";
import { queryKeys } from "./query-keys";
import { api } from "./api";
import { openEventStream } from "./event-stream";
import { presenceStore } from "./presence-store";

type Page = { tickets: TicketDto[]; total: number };
type Pages = { pages: Page[]; pageParams: unknown[] };
type PagesKey = readonly ["tickets", "pages", Record<string, unknown>];
const COUNTS_DEBOUNCE_MS = 1000;

const hasTicket = (data: Pages | undefined, id: number) =>
  Boolean(data?.pages.some((p) => p.tickets.some((t) => t.id === id)));

/** A query's pages with one ticket replaced, or left out when `next` is null. */
function withTicket(data: Pages, id: number, next: TicketDto | null): Pages {
  let removed = 0;
  const pages = data.pages.map((p) => {
    const tickets = next
      ? p.tickets.map((t) => (t.id === id ? next : t))
      : p.tickets.filter((t) => t.id !== id);
    removed += p.tickets.length - tickets.length;
    return { ...p, tickets };
  });
  if (removed && pages[0]) pages[0] = { ...pages[0], total: Math.max(0, pages[0].total - removed) };
  return { ...data, pages };
}

const ARRIVAL_MS = 2000;
const arrivals = new Map<number, number>();
/** True for a short while after another user's change moved this ticket into a new column. */
export const arrivedLive = (id: number) => (arrivals.get(id) ?? 0) > Date.now();
/** Marks a ticket as just arrived; marks already past are dropped, so the map holds only fresh ones. */
function markArrival(id: number) {
  const now = Date.now();
  for (const [other, until] of arrivals) if (until <= now) arrivals.delete(other);
  arrivals.set(id, now + ARRIVAL_MS);
}

/** Puts a ticket into the first page of a newest-first column, where its creation time places it. */
function insertNewestFirst(data: Pages, ticket: TicketDto): Pages {
  const [first, ...rest] = data.pages;
  if (!first) return data;
  const at = first.tickets.findIndex((t) => t.createdAt < ticket.createdAt);
  // older than everything loaded: it will arrive with a later page
  if (at === -1 && (data.pages.length > 1 || first.tickets.length > 0)) return data;
  const tickets = [...first.tickets];
  tickets.splice(at === -1 ? tickets.length : at, 0, ticket);
  return { ...data, pages: [{ ...first, tickets, total: first.total + 1 }, ...rest] };
}

/**
 * Paged lists and Kanban columns. A ticket whose status no longer matches a column's filter leaves it
 * and joins the column with the same filters and its new status (it matched the other filters before).
 */
function patchPages(client: QueryClient, id: number, next: TicketDto | null, me?: number) {
  const all = client.getQueriesData<Pages>({ queryKey: ["tickets", "pages"] });
  const holders = all.filter(([, data]) => hasTicket(data, id));
  for (const [key, data] of holders) {
    const filter = (key as unknown as PagesKey)[2];
    const status = typeof filter.status === "string" ? filter.status.split(",") : null;
    const stays = next && (!status || filter.status === "all" || status.includes(next.status));
    client.setQueryData(key, withTicket(data!, id, stays ? next : null));
    if (!next || stays || !status || status.length !== 1) continue;
    const target = JSON.stringify({ ...filter, status: next.status });
    const into = all.find(([k]) => JSON.stringify((k as unknown as PagesKey)[2]) === target);
    const sortedByCreated = filter.sort === "created" && filter.order === "desc";
    if (into?.[1] && sortedByCreated && !hasTicket(into[1], id)) {
      // one's own move needs no attention drawn to it
      if (next.updatedBy !== me) markArrival(id);
      client.setQueryData(into[0], insertNewestFirst(into[1], next));
    }
  }
}

function apply(client: QueryClient, e: LiveTicketEvent, onCreated: () => void, me?: number) {
  const { tickets } = queryKeys;
  if (e.kind === "created") onCreated();
  else if (e.kind === "changed" && e.ticket) {
    patchPages(client, e.ticketId, e.ticket, me);
    client.setQueryData(tickets.detail(e.ticketId), e.ticket);
  } else if (e.kind === "removed" || e.kind === "deleted") {
    patchPages(client, e.ticketId, null);
  } else if (e.kind === "note") void client.invalidateQueries({ queryKey: tickets.notes(e.ticketId) });
  else if (e.kind === "file") void client.invalidateQueries({ queryKey: tickets.attachments(e.ticketId) });
}

/**
 * The dashboard's one live stream: ticket changes patch the query cache in place, counts refetch
 * once after a burst, and new tickets are counted for a notice instead of reordering the lists
 * under the pointer. The browser resumes after a drop with Last-Event-ID by itself.
 */
export function useLiveEvents(me?: number) {
  const client = useQueryClient();
  const [fresh, setFresh] = useState(0);
  useEffect(() => {
    const stream = openEventStream();
    if (!stream) return;
    const { source } = stream;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const counts = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        for (const queryKey of [queryKeys.tickets.stats, queryKeys.tickets.today, ["tickets", "breakdown"]])
          void client.invalidateQueries({ queryKey });
      }, COUNTS_DEBOUNCE_MS);
    };
    const listeners: [string, (m: MessageEvent) => void][] = [
      [
        "ticket",
        (m) => {
          apply(client, JSON.parse(m.data) as LiveTicketEvent, () => setFresh((n) => n + 1), me);
          counts();
        },
      ],
      ["presence", (m) => presence.fromStream(JSON.parse(m.data) as PresenceEvent)],
      ["reload", () => void client.invalidateQueries({ queryKey: queryKeys.tickets.all })],
    ];
    for (const [name, fn] of listeners) source.addEventListener(name, fn);
    return () => {
      clearTimeout(timer);
      for (const [name, fn] of listeners) source.removeEventListener(name, fn);
      stream.release();
    };
  }, [client, me]);
  const showNew = () => {
    setFresh(0);
    for (const queryKey of [
      ["tickets", "list"],
      ["tickets", "pages"],
    ])
      void client.invalidateQueries({ queryKey });
  };
  return { newTickets: fresh, showNew };
}

const presence = presenceStore();

/** Names of the others who have this ticket open; tells the server this user has it open meanwhile. */
export function useViewers(ticketId: number | null, me: number) {
  useEffect(() => {
    if (ticketId === null) return;
    const tell = () =>
      void api
        .post<PresenceEvent>("/api/admin/events/presence", { ticketId })
        .then(presence.asking(ticketId), () => {});
    tell();
    // Events sent while the stream was (re)connecting are lost, so each opening asks again.
    const stream = openEventStream();
    stream?.source.addEventListener("open", tell);
    return () => {
      stream?.source.removeEventListener("open", tell);
      stream?.release();
      void api.post("/api/admin/events/presence", { ticketId: null }).catch(() => {});
    };
  }, [ticketId]);
  const viewers = useSyncExternalStore(
    presence.subscribe,
    () => (ticketId === null ? undefined : presence.get(ticketId)),
    () => undefined,
  );
  return (viewers ?? []).filter((v) => v.id !== me).map((v) => v.name);
}
