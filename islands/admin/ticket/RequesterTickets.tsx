import { format } from "date-fns";
import { useRequesterTickets } from "../../lib/queries/ticket-page";
import { statusLabel, useStatuses } from "../../lib/queries/statuses";

/** The same requester's other tickets (by e-mail), those the signed-in user may see. */
export function RequesterTickets({ ticketId, email }: { ticketId: number; email: string }) {
  const others = useRequesterTickets(ticketId);
  const statuses = useStatuses();
  return (
    <section aria-labelledby="requester-tickets-h" className="space-y-2">
      <h2 id="requester-tickets-h" className="font-semibold text-gray-900">
        Other tickets from {email}
      </h2>
      {others.isPending && <p className="text-sm text-gray-700">Loading...</p>}
      {others.data?.length === 0 && <p className="text-sm text-gray-700">No other tickets</p>}
      <ul className="space-y-1">
        {others.data?.map((o) => (
          <li key={o.id} className="text-sm">
            <a className="font-medium text-blue-700 underline" href={`/admin/tickets/${o.ticketId}`}>
              {o.ticketId}
            </a>{" "}
            <span className="text-gray-700">
              {statusLabel(statuses, o.status)} · {format(new Date(o.createdAt), "MMM d, yyyy")}
            </span>
            <p className="truncate text-gray-800">{o.description}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
