import { QueryClientProvider } from "@tanstack/react-query";
import { useState } from "react";
import { makeQueryClient } from "../lib/query-client";
import { TicketTracker, type TrackRequest } from "./TicketTracker";
import type { PhoneRules } from "../../src/shared/phone";

/** The Track tab, its own chunk: the query client comes with it, fetched when the tab is first opened. */
export default function TrackerPane({
  request,
  phoneCountry,
}: {
  request: TrackRequest | null;
  phoneCountry: PhoneRules["country"];
}) {
  const [client] = useState(makeQueryClient);
  return (
    <QueryClientProvider client={client}>
      <TicketTracker request={request} phoneCountry={phoneCountry} />
    </QueryClientProvider>
  );
}
