import { useRequesterTickets } from "../../lib/queries/ticket-page";
import { statusLabel, useStatuses } from "../../lib/queries/statuses";
import { useI18n } from "../../../src/i18n/react";
import { useShortDates } from "../../../src/i18n/short-dates";

/** The same requester's other tickets (by e-mail), those the signed-in user may see. */
export function RequesterTickets({ ticketId, email }: { ticketId: number; email: string }) {
  const { t } = useI18n();
  const { day } = useShortDates();
  const others = useRequesterTickets(ticketId);
  const statuses = useStatuses();
  return (
    <section aria-labelledby="requester-tickets-h" className="space-y-2">
      <h2 id="requester-tickets-h" className="font-semibold text-gray-900">
        {t("ticket.otherTickets", { email })}
      </h2>
      {others.isPending && <p className="text-sm text-gray-700">{t("ticket.loading")}</p>}
      {others.data?.length === 0 && <p className="text-sm text-gray-700">{t("ticket.noOtherTickets")}</p>}
      <ul className="space-y-1">
        {others.data?.map((o) => (
          <li key={o.id} className="text-sm">
            <a className="font-medium text-blue-700 underline" href={`/admin/tickets/${o.ticketId}`}>
              {o.ticketId}
            </a>{" "}
            <span className="text-gray-700">
              {statusLabel(statuses, o.status)} · {day(o.createdAt)}
            </span>
            <p className="truncate text-gray-800">{o.description}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
