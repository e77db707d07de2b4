import { describe, expect, test } from "bun:test";
import { renderToString } from "react-dom/server";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { queryKeys } from "../../lib/query-keys";
import type { TicketDto, TodaySummary } from "../../../src/shared/dto";
import { I18nProvider } from "../../../src/i18n/react";
import { translatorFor } from "../../../src/i18n/server";
import type { Language } from "../../../src/i18n/languages";
import { TodayActivity } from "./TodayActivity";

const ticket = (n: number) =>
  ({
    id: n,
    ticketId: `WI-2026-${String(n).padStart(3, "0")}`,
    firstName: "Ada",
    lastName: "Byron",
    ticketType: "IT",
  }) as TicketDto;

/** Renders the list as the browser's first paint would, from a response already in the query cache. */
function render(today: TodaySummary, lang: Language = "en") {
  const client = new QueryClient();
  client.setQueryData(queryKeys.tickets.today, today);
  return renderToString(
    <I18nProvider translator={translatorFor(lang)}>
      <QueryClientProvider client={client}>
        <TodayActivity onViewTicket={() => {}} />
      </QueryClientProvider>
    </I18nProvider>,
  );
}

describe("greeting card – today's activity", () => {
  test("a quiet day says so", () => {
    expect(render({ newTickets: 0, solvedTickets: 0, newTicketsList: [], solvedTicketsList: [] })).toContain(
      "No ticket activity yet today. Enjoy the calm!",
    );
  });

  test("in the viewer's language", () => {
    const html = render(
      { newTickets: 1, solvedTickets: 0, newTicketsList: [ticket(1)], solvedTicketsList: [] },
      "de",
    );
    expect(html).toContain("Heute neu");
    expect(html).toContain('aria-label="Ticket WI-2026-001 ansehen"');
    expect(html).toContain("Noch keine");
  });

  test("each list shows at most 3 tickets, each with an eye button, and the full count", () => {
    const html = render({
      newTickets: 5,
      solvedTickets: 1,
      newTicketsList: [1, 2, 3, 4, 5].map(ticket),
      solvedTicketsList: [ticket(9)],
    });
    expect([...html.matchAll(/aria-label="View ticket WI-2026-\d+"/g)].map((m) => m[0])).toEqual(
      ["WI-2026-001", "WI-2026-002", "WI-2026-003", "WI-2026-009"].map(
        (id) => `aria-label="View ticket ${id}"`,
      ),
    );
    expect(html).toContain("New today");
    expect(html).toMatch(/\(<!-- -->5<!-- -->\)/);
    expect(html).not.toContain("Enjoy the calm");
  });
});
