import { ChevronRight } from "../../src/ui/icons";
import type { PublicTicketDto } from "../../src/shared/dto";
import { Badge } from "../../src/ui/Badge";
import { Card, CardContent, CardHeader, CardTitle } from "../../src/ui/Card";
import { publicStatus } from "./public-status";
import { useI18n } from "../../src/i18n/react";

/** Several matches show a list to pick from. */
export function TicketList({
  tickets,
  onOpen,
}: {
  tickets: PublicTicketDto[];
  onOpen: (id: number) => void;
}) {
  const { t, message, relative } = useI18n();
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("track.found", { count: tickets.length })}</CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="flex flex-col gap-2">
          {tickets.map((ticket) => {
            const status = publicStatus(ticket.status);
            return (
              <li key={ticket.id}>
                <button
                  type="button"
                  onClick={() => onOpen(ticket.id)}
                  className="flex w-full items-center gap-3 rounded-md border p-3 text-left hover:bg-gray-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-500 border-gray-200"
                >
                  <span className="min-w-0 flex-1">
                    <span className="flex flex-wrap items-center gap-2">
                      <span className="font-mono font-semibold">{ticket.ticketId}</span>
                      <Badge color={status.color}>{message(status.label)}</Badge>
                    </span>
                    <span className="mt-1 block truncate text-sm text-gray-700">{ticket.description}</span>
                    <span className="block text-xs text-gray-600">
                      {ticket.ticketType} · {relative(ticket.createdAt)}
                    </span>
                  </span>
                  <ChevronRight className="h-4 w-4 shrink-0 text-gray-500" aria-hidden="true" />
                </button>
              </li>
            );
          })}
        </ul>
      </CardContent>
    </Card>
  );
}
