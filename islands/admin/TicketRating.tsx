import { useQuery } from "@tanstack/react-query";
import { api } from "../lib/api";
import { queryKeys } from "../lib/query-keys";

type Answer = { rating: { rating: "good" | "okay" | "bad"; comment: string | null; ratedAt: string } | null };
const LABEL = { good: "Good", okay: "Okay", bad: "Bad" } as const;
const TONE = { good: "text-green-800", okay: "text-amber-800", bad: "text-red-800" } as const;

/** The requester's answer to "How did we do?", when they gave one. */
export function TicketRating({ ticketId }: { ticketId: number }) {
  const answer = useQuery({
    queryKey: queryKeys.tickets.rating(ticketId),
    queryFn: () => api.get<Answer>(`/api/admin/satisfaction/tickets/${ticketId}`),
  });
  const r = answer.data?.rating;
  if (!r) return null;
  return (
    <section aria-label="Satisfaction" className="rounded-md border border-gray-200 p-3 text-sm">
      <p>
        Requester&apos;s rating: <strong className={TONE[r.rating]}>{LABEL[r.rating]}</strong>
      </p>
      {r.comment && <p className="mt-1 whitespace-pre-wrap break-words text-gray-700">{r.comment}</p>}
    </section>
  );
}
