import { TicketCardHeader } from "./tickets/TicketCardHeader";
import { useState } from "react";
import type { MyTicketsDto } from "../src/shared/dto";
import { fullDateTime } from "../src/shared/relative-time";
import { Button } from "../src/ui/Button";
import { Card, CardContent } from "../src/ui/Card";
import { myTicketsApi } from "./lib/queries/requester";

export type MyTicketsProps = { token: string; list: MyTicketsDto };

/** The tickets of one e-mail address, reached by the link mailed to it; each opens on its private page. */
export default function MyTickets({ token, list }: MyTicketsProps) {
  const [opening, setOpening] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const open = (ticketId: string) => {
    setOpening(ticketId);
    setFailed(false);
    myTicketsApi.open(token, ticketId).then(
      ({ privateLink }) => window.location.assign(privateLink),
      () => {
        setOpening(null);
        setFailed(true);
      },
    );
  };
  return (
    <main className="mx-auto flex max-w-3xl flex-col gap-4 px-4 py-8">
      <h1 className="text-2xl font-bold">My tickets</h1>
      <p className="text-sm text-gray-700" suppressHydrationWarning>
        {`Tickets submitted with ${list.email}. This page works until ${fullDateTime(list.expiresAt)}; ask for a new link on the portal after that.`}
      </p>
      {failed && (
        <p role="alert" className="text-sm text-red-700">
          This link has expired. Please ask for a new one on the portal.
        </p>
      )}
      {list.tickets.length === 0 && (
        <p className="rounded-md border border-gray-200 bg-white p-6 text-sm text-gray-600">
          No tickets yet.
        </p>
      )}
      <ul className="flex flex-col gap-3">
        {list.tickets.map((t) => {
          return (
            <li key={t.ticketId}>
              <Card>
                <TicketCardHeader ticketId={t.ticketId} ticketType={t.ticketType} status={t.status} />
                <CardContent className="flex flex-col gap-3">
                  <p className="line-clamp-2 break-words text-sm text-gray-900">{t.summary}</p>
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <span className="text-xs text-gray-600" suppressHydrationWarning>
                      {`Submitted ${fullDateTime(t.createdAt)}`}
                    </span>
                    <Button
                      size="sm"
                      disabled={opening !== null}
                      aria-label={`Open ticket ${t.ticketId}`}
                      onClick={() => open(t.ticketId)}
                    >
                      {opening === t.ticketId ? "Opening..." : "Open"}
                    </Button>
                  </div>
                </CardContent>
              </Card>
            </li>
          );
        })}
      </ul>
      <a href="/" className="text-sm text-blue-700 underline">
        Back to the support portal
      </a>
    </main>
  );
}
