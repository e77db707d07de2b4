import type { TicketDto } from "../../src/shared/dto";
import { useTicketPages } from "../lib/queries/queue";
import type { TicketQuery } from "../lib/queries/tickets";
import type { ColumnPage } from "./KanbanBoard";
import { ApiError } from "../lib/api";
import { useI18n } from "../../src/i18n/react";

/** What to tell when a page fails: the server's own words for a search it refused as too broad. */
const failureOf = (err: unknown): string | null => {
  if (!err) return null;
  if (err instanceof ApiError && err.status === 422 && err.data?.message) return err.data.message;
  return "Failed to fetch tickets";
};

/** Beyond the server's counting cap a total is a lower bound: "10,000+" ("10.000+" in German). */
export const formatTotal = (n: number, exact: boolean, number: (n: number) => string) =>
  `${number(n)}${exact ? "" : "+"}`;

/** The pages loaded so far as one list, with the total and the next page on demand. */
export function useQueuePages(query: TicketQuery, enabled = true) {
  const pages = useTicketPages(query, enabled);
  const first = pages.data?.pages[0];
  const tickets: TicketDto[] = pages.data?.pages.flatMap((p) => p.tickets) ?? [];
  return {
    query: pages,
    tickets,
    total: first?.total ?? 0,
    exact: first?.totalIsExact ?? true,
    hasMore: Boolean(pages.hasNextPage),
    loading: pages.isFetchingNextPage,
    onMore: () => void pages.fetchNextPage(),
    ready: pages.data !== undefined,
    error: pages.isError ? failureOf(pages.error) : null,
  };
}

const statusesOf = (status: unknown) =>
  typeof status === "string" && status && status !== "all" ? status.split(",") : null;

/** The most columns the board shows; the hooks below run once per slot so their order never changes. */
const COLUMN_SLOTS = 16;

/** The Kanban board: a column per configured status, each paging on its own and asking only for its status. */
export function useKanbanColumns(query: TicketQuery, enabled: boolean, statuses: readonly string[]) {
  const { number } = useI18n();
  const wanted = statusesOf(query.status);
  const columns: Record<string, ColumnPage> = {};
  let total = 0;
  let exact = true;
  let loaded = 0;
  let ready = true;
  let error: string | null = null;
  for (let i = 0; i < COLUMN_SLOTS; i++) {
    const s = statuses[i] ?? "";
    const on = enabled && s !== "" && (!wanted || wanted.includes(s));
    // biome-ignore lint/correctness/useHookAtTopLevel: a fixed number of slots, so the hook order never changes
    const col = useQueuePages({ ...query, status: s || undefined }, on);
    if (!s) continue;
    const tickets = on ? col.tickets : [];
    columns[s] = {
      ...col,
      tickets,
      total: formatTotal(on ? col.total : 0, col.exact, number),
      hasMore: on && col.hasMore,
    };
    if (on) {
      total += col.total;
      exact &&= col.exact;
      loaded += tickets.length;
      ready &&= col.ready;
      error ??= col.error;
    }
  }
  return { columns, total, exact, loaded, ready, error };
}
