import { useState } from "react";
import type { AuthUser, TicketDto } from "../../src/shared/dto";
import { TICKET_PAGE_SIZE } from "../../src/shared/constants";
import { Spinner } from "../../src/ui/Spinner";
import { cn } from "../../src/ui/cn";
import { GreetingCard } from "./greeting/GreetingCard";
import { StatusOverview, TypeBreakdown } from "./StatusOverview";
import { PriorityOverview } from "./PriorityOverview";
import { FiltersCard } from "./FiltersCard";
import { KanbanBoard } from "./KanbanBoard";
import { TicketGrid, TicketList } from "./TicketList";
import { TicketDetailDialog } from "./TicketDetailDialog";
import { EMPTY_FILTERS, toTicketQuery, type Filters } from "./filters-state";
import { usePublicList } from "../lib/queries/public-config";
import { useLiveEvents } from "../lib/live-events";
import { useAssignees, useBreakdown, useStats, useTicketChange, useTicketPage } from "../lib/queries/tickets";

type View = "kanban" | "list" | "grid";
const VIEWS: { value: View; label: string }[] = [
  { value: "kanban", label: "Kanban" },
  { value: "list", label: "List" },
  { value: "grid", label: "Grid" },
];

/** The Dashboard tab, sections in their fixed order; every number comes from the server, in scope. */
export function DashboardTab({ user, defaultView }: { user: AuthUser; defaultView: "kanban" | "list" }) {
  const [filters, setFilters] = useState<Filters>(EMPTY_FILTERS);
  const [view, setView] = useState<View>(defaultView);
  const [detail, setDetail] = useState<number | null>(null);
  const query = toTicketQuery(filters, new Date(), view === "list");
  const page = useTicketPage({ ...query, limit: TICKET_PAGE_SIZE });
  const { search, status, department, ticketType, company } = query;
  const breakdown = useBreakdown({ search, status, department, ticketType, company });
  const stats = useStats();
  const priorities = usePublicList("priorities").data ?? [];
  const people = useAssignees().data;
  const change = useTicketChange();
  const live = useLiveEvents();
  const set = (patch: Partial<Filters>) => setFilters({ ...filters, ...patch });
  const move = (t: TicketDto, next: string) =>
    change.mutate({
      id: t.id,
      field: "status",
      value: next,
      version: t.version,
      failureDetail: view === "kanban" ? "Please try again." : undefined,
    });
  const tickets = page.data?.tickets ?? [];
  return (
    <div className="space-y-6">
      <GreetingCard user={user} onViewTicket={(id) => setDetail(id)} />
      <div className="grid gap-4 lg:grid-cols-[2fr_1fr]">
        <StatusOverview stats={stats.data} active={filters.status} onPick={(s) => set({ status: s })} />
        <TypeBreakdown
          byType={breakdown.data?.byType}
          onPick={(type) => set({ ticketType: type, status: "open" })}
        />
      </div>
      <PriorityOverview
        priorities={priorities}
        counts={breakdown.data?.byPriority}
        active={filters.priority}
        onPick={(p) => set({ priority: p })}
      />
      <FiltersCard filters={filters} onChange={setFilters} listView={view === "list"} />
      <section aria-labelledby="all-tickets" className="space-y-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="all-tickets" className="text-lg font-semibold text-gray-900">
            All Tickets{" "}
            {page.data && (
              <span className="text-sm font-normal text-gray-600">
                (
                {page.data.total > tickets.length
                  ? `showing ${tickets.length} of ${page.data.total}`
                  : page.data.total}
                )
              </span>
            )}
          </h2>
          <fieldset className="inline-flex rounded-md border border-gray-300 bg-white p-0.5">
            <legend className="sr-only">View</legend>
            {VIEWS.map((v) => (
              <button
                key={v.value}
                type="button"
                aria-pressed={view === v.value}
                onClick={() => setView(v.value)}
                className={cn(
                  "rounded px-3 py-1.5 text-sm font-medium",
                  view === v.value ? "bg-blue-600 text-white" : "text-gray-700 hover:bg-gray-100",
                )}
              >
                {v.label}
              </button>
            ))}
          </fieldset>
        </div>
        {page.isError && (
          <p role="alert" className="text-sm text-red-700">
            Failed to fetch tickets
          </p>
        )}
        {live.newTickets > 0 && (
          <button
            type="button"
            onClick={live.showNew}
            className="text-sm font-medium text-blue-700 underline"
          >
            {live.newTickets} new {live.newTickets === 1 ? "ticket" : "tickets"} — show
          </button>
        )}
        {page.isPending && <Spinner />}
        {page.data && view === "kanban" && <KanbanBoard tickets={tickets} onView={setDetail} onMove={move} />}
        {page.data && view === "list" && (
          <TicketList tickets={tickets} people={people} onView={setDetail} onStatus={move} />
        )}
        {page.data && view === "grid" && <TicketGrid tickets={tickets} onView={setDetail} />}
      </section>
      <TicketDetailDialog id={detail} onClose={() => setDetail(null)} me={user.id} />
    </div>
  );
}
