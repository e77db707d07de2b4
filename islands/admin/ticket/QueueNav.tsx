import { useEffect, useState } from "react";
import { queueNeighbours } from "../queue-order";
import { useI18n } from "../../../src/i18n/react";

const typing = (el: EventTarget | null) =>
  el instanceof HTMLElement && (el.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(el.tagName));
const go = (ticketId: string) => window.location.assign(`/admin/tickets/${ticketId}`);

/** Back to the queue, and the previous/next ticket of the queue last shown (`k`/`j`). */
export function QueueNav({ ticketId }: { ticketId: string }) {
  const { t } = useI18n();
  const [near, setNear] = useState<{ prev: string | null; next: string | null }>({ prev: null, next: null });
  useEffect(() => setNear(queueNeighbours(ticketId)), [ticketId]);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (typing(e.target) || e.ctrlKey || e.metaKey || e.altKey) return;
      if (e.key === "j" && near.next) go(near.next);
      if (e.key === "k" && near.prev) go(near.prev);
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [near]);
  const link = "rounded border px-3 py-1.5 text-sm hover:bg-gray-50";
  return (
    <nav aria-label={t("ticket.queueNav")} className="flex items-center gap-2">
      <a className={link} href="/admin">
        {t("ticket.back")}
      </a>
      {near.prev && (
        <a className={link} href={`/admin/tickets/${near.prev}`} aria-keyshortcuts="k">
          {t("ticket.previous")}
        </a>
      )}
      {near.next && (
        <a className={link} href={`/admin/tickets/${near.next}`} aria-keyshortcuts="j">
          {t("ticket.next")}
        </a>
      )}
    </nav>
  );
}
