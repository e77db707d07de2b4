import { type FormEvent, useEffect, useEffectEvent, useState } from "react";
import type { PhoneRules } from "../../src/shared/phone";
import { ArrowLeft, SearchX } from "../../src/ui/icons";
import type { PublicTicketDto, VerifiedSearchDto } from "../../src/shared/dto";
import { searchProblem, type SearchType } from "../../src/shared/search-rules";
import { Button } from "../../src/ui/Button";
import { Card, CardContent } from "../../src/ui/Card";
import { useApiMutation } from "../lib/queries/mutation";
import { searchTickets } from "../lib/queries/portal";
import { useToast } from "../lib/toast";
import { SearchForm } from "./SearchForm";
import { TicketList } from "./TicketList";
import { TicketDetail } from "./TicketDetail";
import { MailedNotice, TrackedTicketCard } from "./VerifiedResult";
import { useI18n } from "../../src/i18n/react";

/** A search asked for from outside the tab; each new object runs once. */
export type TrackRequest = { type: SearchType; query: string };

/** The Track tab: search, then none / one (opened) / many (a list with 'Back to List'). */
export function TicketTracker({
  request,
  phoneCountry,
}: {
  request: TrackRequest | null;
  phoneCountry: PhoneRules["country"];
}) {
  const toast = useToast();
  const { t, message } = useI18n();
  const [type, setType] = useState<SearchType>("ticketId");
  const [query, setQuery] = useState("");
  const [results, setResults] = useState<PublicTicketDto[] | null>(null);
  const [openId, setOpenId] = useState<number | null>(null);
  // Verified tracking answers with statuses only, or with the notice that a link was mailed.
  const [verified, setVerified] = useState<VerifiedSearchDto | null>(null);
  const show = (tickets: PublicTicketDto[]) => {
    setVerified(null);
    setResults(tickets);
    setOpenId(tickets.length === 1 ? (tickets[0]?.id ?? null) : null);
  };
  const search = useApiMutation(searchTickets, {
    onSuccess: (r) => {
      if (!("mode" in r)) return show(r.tickets);
      show([]);
      setResults(r.message || r.tickets.length > 0 ? null : []);
      setVerified(r);
    },
    onError: () => {
      show([]);
      toast({
        title: t("track.failedTitle"),
        description: t("track.failed"),
        variant: "destructive",
      });
    },
  });
  const run = (t: SearchType, q: string) => {
    const problem = searchProblem(t, q);
    if (problem)
      return toast({
        title: message(problem.title),
        description: message(problem.description),
        variant: "destructive",
      });
    search.mutate({ type: t, query: q.trim() });
  };
  const onRequest = useEffectEvent((r: TrackRequest) => {
    setType(r.type);
    setQuery(r.query);
    run(r.type, r.query);
  });
  useEffect(() => {
    if (request) onRequest(request);
  }, [request]);
  const changeType = (t: SearchType) => {
    setType(t);
    setQuery("");
    setResults(null);
    setVerified(null);
    setOpenId(null);
  };
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    run(type, query);
  };
  const open = results?.find((r) => r.id === openId);

  return (
    <div className="flex flex-col gap-4">
      <SearchForm
        type={type}
        query={query}
        pending={search.isPending}
        phoneCountry={phoneCountry}
        onType={changeType}
        onQuery={setQuery}
        onSubmit={onSubmit}
      />
      {results && results.length === 0 && (
        <Card>
          <CardContent className="flex flex-col items-center gap-2 p-8 text-center">
            <SearchX className="h-10 w-10 text-gray-400" aria-hidden="true" />
            <h2 className="text-lg font-semibold">{t("track.noneTitle")}</h2>
            <p className="text-sm text-gray-600">{t("track.none")}</p>
          </CardContent>
        </Card>
      )}
      {verified?.message && <MailedNotice message={message(verified.message)} />}
      {verified?.tickets.map((ticket) => (
        <TrackedTicketCard key={ticket.ticketId} ticket={ticket} />
      ))}
      {open ? (
        <div className="flex flex-col gap-3">
          {results && results.length > 1 && (
            <Button variant="outline" className="self-start" onClick={() => setOpenId(null)}>
              <ArrowLeft className="h-4 w-4" aria-hidden="true" />
              {t("track.back")}
            </Button>
          )}
          <TicketDetail ticket={open} />
        </div>
      ) : (
        results && results.length > 1 && <TicketList tickets={results} onOpen={setOpenId} />
      )}
    </div>
  );
}
