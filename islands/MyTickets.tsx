import { TicketCardHeader } from "./tickets/TicketCardHeader";
import { useState } from "react";
import type { MyTicketsDto } from "../src/shared/dto";
import { useI18n } from "../src/i18n/react";
import { Button } from "../src/ui/Button";
import { Card, CardContent } from "../src/ui/Card";
import { myTicketsApi } from "./lib/queries/requester";

export type MyTicketsProps = { token: string; list: MyTicketsDto };

/** The tickets of one e-mail address, reached by the link mailed to it; each opens on its private page. */
export default function MyTickets({ token, list }: MyTicketsProps) {
  const { t, dateTime } = useI18n();
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
      <h1 className="text-2xl font-bold">{t("mine.heading")}</h1>
      <p className="text-sm text-gray-700" suppressHydrationWarning>
        {t("mine.intro", { email: list.email, until: dateTime(list.expiresAt) })}
      </p>
      {failed && (
        <p role="alert" className="text-sm text-red-700">
          {t("mine.expired")}
        </p>
      )}
      {list.tickets.length === 0 && (
        <p className="rounded-md border border-gray-200 bg-white p-6 text-sm text-gray-600">
          {t("mine.none")}
        </p>
      )}
      <ul className="flex flex-col gap-3">
        {list.tickets.map((tk) => {
          return (
            <li key={tk.ticketId}>
              <Card>
                <TicketCardHeader ticketId={tk.ticketId} ticketType={tk.ticketType} status={tk.status} />
                <CardContent className="flex flex-col gap-3">
                  <p className="line-clamp-2 break-words text-sm text-gray-900">{tk.summary}</p>
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <span className="text-xs text-gray-600" suppressHydrationWarning>
                      {t("mine.submitted", { when: dateTime(tk.createdAt) })}
                    </span>
                    <Button
                      size="sm"
                      disabled={opening !== null}
                      aria-label={t("mine.openLabel", { ticketId: tk.ticketId })}
                      onClick={() => open(tk.ticketId)}
                    >
                      {opening === tk.ticketId ? t("mine.opening") : t("mine.open")}
                    </Button>
                  </div>
                </CardContent>
              </Card>
            </li>
          );
        })}
      </ul>
      <a href="/" className="text-sm text-blue-700 underline">
        {t("mine.back")}
      </a>
    </main>
  );
}
