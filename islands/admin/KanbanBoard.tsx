import { useEffect, useRef, useState } from "react";
import Sortable from "sortablejs";
import { ChevronDown, ChevronRight } from "../../src/ui/icons";
import { AGE_GROUPS, ageGroup, type AgeGroup } from "../../src/shared/dates";
import type { StatusOption } from "../lib/queries/statuses";
import type { TicketDto } from "../../src/shared/dto";
import { TicketCard } from "./TicketCard";
import { arrivedLive } from "../lib/live-events";
import { useI18n } from "../../src/i18n/react";

type Move = (ticket: TicketDto, status: string) => void;
/** One column's own pages: its tickets so far, its total and how to ask for the next page. */
export type ColumnPage = {
  tickets: TicketDto[];
  total: string;
  hasMore: boolean;
  loading: boolean;
  onMore: () => void;
};

/** A drop target; sortablejs moves DOM nodes, so the node goes back and React re-renders from the server's answer. */
function DropList({
  status,
  tickets,
  onView,
  onMove,
  children,
}: {
  status: string;
  tickets: TicketDto[];
  onView: (id: number) => void;
  onMove: Move;
  children?: React.ReactNode;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const latest = useRef({ tickets, onMove });
  latest.current = { tickets, onMove };
  useEffect(() => {
    const sortable = Sortable.create(ref.current!, {
      group: "kanban",
      draggable: ".kanban-card",
      animation: 150,
      onEnd: (evt) => {
        const to = (evt.to as HTMLElement).dataset.status!;
        if (evt.from !== evt.to) evt.from.insertBefore(evt.item, evt.from.children[evt.oldIndex!] ?? null);
        if (to === status) return; // same column: nothing to do
        const ticket = latest.current.tickets.find((t) => String(t.id) === evt.item.dataset.id);
        if (ticket) latest.current.onMove(ticket, to);
      },
    });
    return () => sortable.destroy();
  }, [status]);
  return (
    <div ref={ref} data-status={status} className="min-h-[3rem] space-y-2">
      {tickets.map((t) => (
        <div
          key={t.id}
          data-id={t.id}
          data-arrived={arrivedLive(t.id) ? "live" : undefined}
          className={`kanban-card cursor-grab rounded-lg ${arrivedLive(t.id) ? "motion-safe:animate-arrive" : ""}`}
        >
          <TicketCard ticket={t} onView={onView} onMove={(s) => s !== t.status && onMove(t, s)} />
        </div>
      ))}
      {children}
    </div>
  );
}

function Column({
  status,
  label,
  page,
  now,
  onView,
  onMove,
}: {
  status: string;
  label: string;
  page: ColumnPage;
  now: Date;
  onView: (id: number) => void;
  onMove: Move;
}) {
  const [open, setOpen] = useState<Record<string, boolean>>({ today: true });
  const { t } = useI18n();
  const { tickets } = page;
  const groups = new Map<AgeGroup, TicketDto[]>();
  for (const t of tickets) {
    const g = ageGroup(new Date(t.createdAt), now);
    groups.set(g, [...(groups.get(g) ?? []), t]);
  }
  return (
    <section
      className="flex min-w-[16rem] flex-col rounded-lg bg-gray-100 p-3"
      aria-label={t("kanban.column", { label })}
      data-column={status}
    >
      <h3 className="mb-2 flex justify-between font-semibold text-gray-900">
        {label}
        <span className="text-sm text-gray-600">{page.total}</span>
      </h3>
      {tickets.length === 0 && (
        <DropList status={status} tickets={[]} onView={onView} onMove={onMove}>
          <p className="py-4 text-center text-sm text-gray-600">{t("kanban.empty")}</p>
        </DropList>
      )}
      {AGE_GROUPS.filter((g) => groups.has(g)).map((g) => (
        <div key={g} className="mb-2">
          <button
            type="button"
            aria-expanded={!!open[g]}
            onClick={() => setOpen({ ...open, [g]: !open[g] })}
            className="mb-1 flex w-full items-center gap-1 text-sm font-medium text-gray-700"
          >
            {open[g] ? (
              <ChevronDown aria-hidden className="h-4 w-4" />
            ) : (
              <ChevronRight aria-hidden className="h-4 w-4" />
            )}
            {t(g === "older" ? "kanban.older" : `filters.date.${g}`)} ({groups.get(g)!.length})
          </button>
          {open[g] && <DropList status={status} tickets={groups.get(g)!} onView={onView} onMove={onMove} />}
        </div>
      ))}
      {page.hasMore && (
        <button
          type="button"
          disabled={page.loading}
          onClick={page.onMore}
          className="mt-1 rounded border border-gray-300 bg-white px-3 py-1.5 text-sm font-medium text-gray-800 hover:bg-gray-50"
        >
          {page.loading ? t("kanban.loading") : t("kanban.more", { label })}
        </button>
      )}
    </section>
  );
}

/** The Kanban board: a column per configured status, age groups by calendar (Sunday weeks), drag or "Move to" changes the status. */
export function KanbanBoard({
  columns,
  statuses,
  onView,
  onMove,
}: {
  columns: Record<string, ColumnPage>;
  statuses: readonly StatusOption[];
  onView: (id: number) => void;
  onMove: Move;
}) {
  const now = new Date();
  return (
    <div className="grid gap-4 overflow-x-auto md:grid-cols-2 xl:grid-flow-col xl:auto-cols-[minmax(16rem,1fr)]">
      {statuses
        .filter((s) => columns[s.name])
        .map((s) => (
          <Column
            key={s.name}
            status={s.name}
            label={s.label}
            page={columns[s.name]!}
            now={now}
            onView={onView}
            onMove={onMove}
          />
        ))}
    </div>
  );
}
