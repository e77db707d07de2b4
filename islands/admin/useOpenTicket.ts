import { useEffect, useRef, useState } from "react";
import type { TicketDto } from "../../src/shared/dto";
import { useTicketByPublicId } from "../lib/queries/queue";
import { useTicket } from "../lib/queries/tickets";
import { useToast } from "../lib/toast";
import { useI18n } from "../../src/i18n/react";
import type { QueueState } from "./url-state";

/**
 * The open ticket lives in the path as its public id; the dialog needs the row id, which comes from
 * the loaded lists, the page's own props or, for a pasted or restored link, the server.
 */
export function useOpenTicket(
  state: QueueState,
  update: (p: Partial<QueueState>, mode?: "push" | "replace") => void,
  loaded: TicketDto[],
  initial?: { id: number; ticketId: string } | null,
) {
  const known = useRef(new Map<string, number>(initial ? [[initial.ticketId, initial.id]] : []));
  for (const t of loaded) known.current.set(t.ticketId, t.id);
  const [loose, setLoose] = useState<number | null>(null);
  const wanted = state.ticket;
  const lookup = useTicketByPublicId(wanted && !known.current.has(wanted) ? wanted : null);
  if (lookup.data) known.current.set(lookup.data.ticketId, lookup.data.id);
  const toast = useToast();
  const { t } = useI18n();
  // a link to a ticket deleted or out of scope says so, and the address drops it
  const failed = lookup.isError ? wanted : null;
  useEffect(() => {
    if (!failed) return;
    toast({ title: t("look.fetchFailed"), description: failed, variant: "destructive" });
    update({ ticket: null }, "replace");
  }, [failed, toast, t, update]);
  // a ticket opened from outside the lists (today's activity): its id reaches the URL once loaded
  const looseTicket = useTicket(wanted ? null : loose).data;
  useEffect(() => {
    if (!looseTicket || loose !== looseTicket.id) return;
    known.current.set(looseTicket.ticketId, looseTicket.id);
    setLoose(null);
    update({ ticket: looseTicket.ticketId });
  }, [looseTicket, loose, update]);
  return {
    id: wanted ? (known.current.get(wanted) ?? null) : loose,
    show: (id: number) => {
      const t = loaded.find((x) => x.id === id);
      if (t) update({ ticket: t.ticketId });
      else setLoose(id);
    },
    close: () => {
      setLoose(null);
      if (wanted) update({ ticket: null });
    },
  };
}
