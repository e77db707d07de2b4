import { useEffect, useRef, useState } from "react";
import type { AuthUser, TicketDto } from "../../src/shared/dto";
import { TICKET_PAGE_SIZE } from "../../src/shared/constants";
import { Button } from "../../src/ui/Button";
import { Spinner } from "../../src/ui/Spinner";
import { GreetingCard } from "./greeting/GreetingCard";
import { StatusOverview, TypeBreakdown } from "./StatusOverview";
import { PriorityOverview } from "./PriorityOverview";
import { FiltersCard } from "./FiltersCard";
import { TicketGrid, TicketList } from "./TicketList";
import { toTicketQuery, type Filters } from "./filters-state";
import { QueueToolbar } from "./QueueToolbar";
import { ViewsBar } from "./ViewsBar";
import { BulkBar } from "./BulkBar";
import { useQueueState } from "./useQueueState";
import { formatTotal, useKanbanColumns, useQueuePages } from "./useQueuePages";
import { useOpenTicket } from "./useOpenTicket";
import { rememberQueue } from "./queue-order";
import { KanbanBoard, NewTicketDialog, ShortcutsDialog, TicketDetailDialog } from "./lazy-parts";
import { useListKeys } from "./useListKeys";
import { useSelection } from "./useSelection";
import { useShortcuts } from "./useShortcuts";
import { usePublicList } from "../lib/queries/public-config";
import { useStatuses } from "../lib/queries/statuses";
import { useLiveEvents } from "../lib/live-events";
import { exportHref } from "../lib/queries/queue";
import {
  type TicketQuery,
  useAssignees,
  useBreakdown,
  useStats,
  useTicketChange,
} from "../lib/queries/tickets";
import type { View } from "./url-state";
import { useI18n } from "../../src/i18n/react";

type Props = {
  user: AuthUser;
  defaultView: View;
  url: string;
  initialTicket?: { id: number; ticketId: string } | null;
};

/** The Dashboard tab, sections in their fixed order; every number comes from the server, in scope. */
export function DashboardTab({ user, defaultView, url, initialTicket }: Props) {
  const [state, update] = useQueueState(url, defaultView);
  const { filters, view } = state;
  const [compact, setCompact] = useState(false);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [help, setHelp] = useState(false);
  const [creating, setCreating] = useState(false);
  const searchRef = useRef<HTMLInputElement>(null);
  const { t: tr, number, message } = useI18n();
  const query: TicketQuery = {
    ...toTicketQuery(filters, new Date(), view === "list"),
    sort: state.sort,
    order: state.order,
  };
  const paged = useQueuePages({ ...query, limit: TICKET_PAGE_SIZE }, view !== "kanban");
  const statuses = useStatuses();
  const board = useKanbanColumns(
    { ...query, sort: "created", order: "desc", limit: TICKET_PAGE_SIZE },
    view === "kanban",
    statuses.map((s) => s.name),
  );
  const { search, status, department, ticketType, company, assignedTo, tags, tagsMode } = query;
  const breakdown = useBreakdown({
    search,
    status,
    department,
    ticketType,
    company,
    assignedTo,
    tags,
    tagsMode,
  });
  const stats = useStats();
  const priorities = usePublicList("priorities").data ?? [];
  const people = useAssignees().data;
  const change = useTicketChange();
  const live = useLiveEvents(user.id);
  const tickets = view === "kanban" ? Object.values(board.columns).flatMap((c) => c.tickets) : paged.tickets;
  const open = useOpenTicket(state, update, tickets, initialTicket);
  const order = tickets.map((t) => t.ticketId).join(" ");
  useEffect(() => rememberQueue(order ? order.split(" ") : []), [order]);
  const selection = useSelection(paged.tickets);
  const keys = useListKeys({
    tickets: view === "list" ? paged.tickets : [],
    onOpen: open.show,
    user,
    change,
  });
  const set = (patch: Partial<Filters>) => setFilters({ ...filters, ...patch });
  // typing on in the search box edits one history entry; starting or clearing a search makes a new one
  const setFilters = (f: Filters) =>
    update({ filters: f }, f.search && filters.search && f.search !== filters.search ? "replace" : "push");
  useShortcuts({
    ...keys.keys,
    "/": () => {
      setFiltersOpen(true);
      requestAnimationFrame(() => searchRef.current?.focus());
    },
    "?": () => setHelp(true),
    n: () => setCreating(true),
  });
  const move = (t: TicketDto, next: string) =>
    change.mutate({
      id: t.id,
      field: "status",
      value: next,
      version: t.version,
      previous: t.status,
      failureDetail: view === "kanban" ? tr("held.tryAgain") : undefined,
    });
  const total = view === "kanban" ? board.total : paged.total;
  const exact = view === "kanban" ? board.exact : paged.exact;
  const ready = view === "kanban" ? board.ready : paged.ready;
  const shown = tickets.length;
  return (
    <div className="space-y-6">
      <a
        href="#all-tickets"
        className="sr-only focus:not-sr-only focus:rounded focus:bg-white focus:p-2 focus:text-blue-700"
      >
        {tr("queue2.skip")}
      </a>
      <FiltersCard
        filters={filters}
        onChange={setFilters}
        listView={view === "list"}
        open={filtersOpen}
        onOpenChange={setFiltersOpen}
        searchRef={searchRef}
      />
      <section aria-labelledby="all-tickets" className="space-y-3">
        <div className="flex flex-wrap items-center gap-2">
          <ViewsBar state={state} onApply={(p) => update(p)} />
          <Button size="sm" onClick={() => setCreating(true)} aria-keyshortcuts="n">
            {tr("queue2.newTicket")}
          </Button>
          <Button variant="ghost" size="sm" onClick={() => setHelp(true)} aria-keyshortcuts="?">
            {tr("queue2.shortcuts")}
          </Button>
        </div>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="all-tickets" className="text-lg font-semibold text-gray-900">
            {tr("queue2.allTickets")}{" "}
            {ready && (
              <span className="text-sm font-normal text-gray-600" data-testid="ticket-total">
                (
                {total > shown
                  ? tr("queue2.showing", { shown: number(shown), total: formatTotal(total, exact, number) })
                  : formatTotal(total, exact, number)}
                )
              </span>
            )}
          </h2>
          <QueueToolbar
            state={state}
            onChange={(p) => update(p)}
            compact={compact}
            onCompact={setCompact}
            exportHref={exportHref(query)}
          />
        </div>
        {(view === "kanban" ? board.error : paged.error) && (
          <p role="alert" className="text-sm text-red-700">
            {message((view === "kanban" ? board.error : paged.error) ?? "")}
          </p>
        )}
        {live.newTickets > 0 && (
          <button
            type="button"
            onClick={live.showNew}
            className="text-sm font-medium text-blue-700 underline"
          >
            {tr("queue2.newArrived", { count: live.newTickets })}
          </button>
        )}
        {!ready && <Spinner />}
        {ready && view === "kanban" && (
          <KanbanBoard columns={board.columns} statuses={statuses} onView={open.show} onMove={move} />
        )}
        {ready && view === "list" && (
          <>
            <BulkBar
              selected={selection.selected}
              onSelected={selection.set}
              query={query}
              total={formatTotal(total, exact, number)}
              people={people}
            />
            <TicketList
              tickets={paged.tickets}
              people={people}
              onView={open.show}
              onStatus={move}
              selected={selection.selected}
              onSelect={selection.toggle}
              onSelectAll={selection.all}
              active={keys.active}
              compact={compact}
            />
          </>
        )}
        {ready && view === "grid" && <TicketGrid tickets={paged.tickets} onView={open.show} />}
        {ready && view !== "kanban" && paged.hasMore && (
          <div className="flex justify-center">
            <Button variant="outline" onClick={paged.onMore} disabled={paged.loading}>
              {paged.loading ? tr("kanban.loading") : tr("queue2.loadMore")}
            </Button>
          </div>
        )}
      </section>
      {/* the queue is the work, so it comes first; the greeting and the counts follow it */}
      <GreetingCard user={user} onViewTicket={open.show} />
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
      <TicketDetailDialog id={open.id} onClose={open.close} me={user.id} />
      <NewTicketDialog open={creating} onOpenChange={setCreating} />
      <ShortcutsDialog open={help} onOpenChange={setHelp} />
    </div>
  );
}
