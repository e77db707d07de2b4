import { CircleCheck, CirclePlus, Eye, type LucideIcon } from "../../../src/ui/icons";
import { useToday } from "../../lib/queries/tickets";
import type { TicketDto } from "../../../src/shared/dto";
import { Spinner } from "../../../src/ui/Spinner";
import { useI18n } from "../../../src/i18n/react";

/** The greeting card lists at most 3 tickets per list. */
const LIST_MAX = 3;

function TicketLine({ ticket, onView }: { ticket: TicketDto; onView: (id: number) => void }) {
  const { t } = useI18n();
  return (
    <li className="flex items-center justify-between gap-2 rounded-md bg-gray-50 px-3 py-2">
      <div className="min-w-0">
        <p className="truncate text-sm font-medium text-gray-900">{ticket.ticketId}</p>
        <p className="truncate text-xs text-gray-600">{`${ticket.firstName} ${ticket.lastName} · ${ticket.ticketType}`}</p>
      </div>
      <button
        type="button"
        onClick={() => onView(ticket.id)}
        aria-label={t("list.view", { ticketId: ticket.ticketId })}
        className="rounded-md p-2 text-gray-600 hover:bg-gray-200 hover:text-gray-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-500"
      >
        <Eye className="h-4 w-4" aria-hidden="true" />
      </button>
    </li>
  );
}

function ActivityList({
  title,
  count,
  tickets,
  icon: Icon,
  onView,
}: {
  title: string;
  count: number;
  tickets: TicketDto[];
  icon: LucideIcon;
  onView: (id: number) => void;
}) {
  const { t, number } = useI18n();
  return (
    <section aria-label={title} className="min-w-0 flex-1">
      <h4 className="mb-2 flex items-center gap-2 text-sm font-semibold text-gray-800">
        <Icon className="h-4 w-4" aria-hidden="true" /> {title}{" "}
        <span className="text-gray-500">({number(count)})</span>
      </h4>
      {tickets.length ? (
        <ul className="space-y-2">
          {tickets.slice(0, LIST_MAX).map((t) => (
            <TicketLine key={t.id} ticket={t} onView={onView} />
          ))}
        </ul>
      ) : (
        <p className="text-sm text-gray-500">{t("greet.none")}</p>
      )}
    </section>
  );
}

/** Today's new and solved tickets for the viewer's scope (GET /api/admin/tickets/today, not retried). */
export function TodayActivity({ onViewTicket }: { onViewTicket: (id: number) => void }) {
  const today = useToday();
  const { t } = useI18n();
  if (today.isPending) return <Spinner label={t("greet.loading")} className="p-4" />;
  if (today.isError) return <p className="text-sm text-gray-600">{t("greet.failed")}</p>;
  const d = today.data;
  if (d.newTickets === 0 && d.solvedTickets === 0)
    return <p className="py-2 text-sm text-gray-600">{t("greet.quiet")}</p>;
  return (
    <div className="flex flex-col gap-4 sm:flex-row">
      <ActivityList
        title={t("greet.new")}
        count={d.newTickets}
        tickets={d.newTicketsList}
        icon={CirclePlus}
        onView={onViewTicket}
      />
      <ActivityList
        title={t("greet.solved")}
        count={d.solvedTickets}
        tickets={d.solvedTicketsList}
        icon={CircleCheck}
        onView={onViewTicket}
      />
    </div>
  );
}
