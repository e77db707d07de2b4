import { ChevronRight } from "../../src/ui/icons";
import type { PublicTicketDto } from "../../src/shared/dto";
import { relativeTime } from "../../src/shared/relative-time";
import { Badge } from "../../src/ui/Badge";
import { Card, CardContent, CardHeader, CardTitle } from "../../src/ui/Card";
import { publicStatus } from "./public-status";

/** Several matches show a list to pick from. */
export function TicketList({
  tickets,
  onOpen,
}: {
  tickets: PublicTicketDto[];
  onOpen: (id: number) => void;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Found {tickets.length} Tickets</CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="flex flex-col gap-2">
          {tickets.map((t) => {
            const status = publicStatus(t.status);
            return (
              <li key={t.id}>
                <button
                  type="button"
                  onClick={() => onOpen(t.id)}
                  className="flex w-full items-center gap-3 rounded-md border p-3 text-left hover:bg-gray-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-500 border-gray-200"
                >
                  <span className="min-w-0 flex-1">
                    <span className="flex flex-wrap items-center gap-2">
                      <span className="font-mono font-semibold">{t.ticketId}</span>
                      <Badge color={status.color}>{status.label}</Badge>
                    </span>
                    <span className="mt-1 block truncate text-sm text-gray-700">{t.description}</span>
                    <span className="block text-xs text-gray-600">
                      {t.ticketType} · {relativeTime(t.createdAt)}
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
