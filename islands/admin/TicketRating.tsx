import { useQuery } from "@tanstack/react-query";
import { api } from "../lib/api";
import { queryKeys } from "../lib/query-keys";
import { useI18n } from "../../src/i18n/react";

type Answer = { rating: { rating: "good" | "okay" | "bad"; comment: string | null; ratedAt: string } | null };
const LABEL = { good: "rating.good", okay: "rating.okay", bad: "rating.bad" } as const;
const TONE = { good: "text-green-800", okay: "text-amber-800", bad: "text-red-800" } as const;

/** The requester's answer to "How did we do?", when they gave one. */
export function TicketRating({ ticketId }: { ticketId: number }) {
  const answer = useQuery({
    queryKey: queryKeys.tickets.rating(ticketId),
    queryFn: () => api.get<Answer>(`/api/admin/satisfaction/tickets/${ticketId}`),
  });
  const r = answer.data?.rating;
  const { t } = useI18n();
  if (!r) return null;
  return (
    <section aria-label={t("queue2.satisfaction")} className="rounded-md border border-gray-200 p-3 text-sm">
      <p>
        {t("queue2.rating")} <strong className={TONE[r.rating]}>{t(LABEL[r.rating])}</strong>
      </p>
      {r.comment && <p className="mt-1 whitespace-pre-wrap break-words text-gray-700">{r.comment}</p>}
    </section>
  );
}
