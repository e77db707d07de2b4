import { keepPreviousData, useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { ApiError, api, toQuery } from "../api";
import { queryKeys } from "../query-keys";
import type { MutationDef } from "./mutation";
import { relogin } from "./relogin";
import type { Body, Json, Routes } from "./routes";
import type { TicketPage, TicketQuery } from "./tickets";

type Admin = Routes["admin"]["tickets"];
type Views = Routes["admin"]["views"];
export type SavedView = Json<Views["$get"]>[number];
export type ViewInput = Body<Views["$post"]>;
export type BulkInput = Body<Admin["bulk"]["$post"]>;

/** One list page after another, each asked for with the previous page's cursor. */
export const useTicketPages = (query: TicketQuery, enabled = true) =>
  useInfiniteQuery({
    queryKey: queryKeys.tickets.pages(query),
    queryFn: ({ pageParam }) =>
      api.get<TicketPage>(`/api/admin/tickets${toQuery({ ...query, cursor: pageParam })}`),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    placeholderData: keepPreviousData,
    enabled,
    // searches queue per user on the server; a 429 "still running" means ask again shortly
    retry: (n, err) => n < 8 && err instanceof ApiError && err.status === 429,
    retryDelay: (n) => 200 * (n + 1),
  });

/** Every id that matches `query`, page by page, stopping at `cap`. */
export async function fetchMatchingIds(query: TicketQuery, cap: number, pageSize: number) {
  const ids: number[] = [];
  let cursor: string | undefined;
  do {
    const page = await api.get<TicketPage>(
      `/api/admin/tickets${toQuery({ ...query, limit: pageSize, cursor })}`,
    );
    ids.push(...page.tickets.map((t) => t.id));
    cursor = page.nextCursor ?? undefined;
  } while (cursor && ids.length < cap);
  return { ids: ids.slice(0, cap), capped: ids.length > cap || Boolean(cursor) };
}

export const useTicketByPublicId = (ticketId: string | null) =>
  useQuery({
    queryKey: queryKeys.tickets.byPublicId(ticketId ?? ""),
    queryFn: () =>
      api.get<Json<Admin["by-ticket-id"][":ticketId"]["$get"]>>(
        `/api/admin/tickets/by-ticket-id/${ticketId}`,
      ),
    enabled: ticketId !== null,
  });

export const useViews = () =>
  useQuery({ queryKey: queryKeys.tickets.views, queryFn: () => api.get<SavedView[]>("/api/admin/views") });

const views = [queryKeys.tickets.views];
export const createView: MutationDef<ViewInput, unknown> = {
  mutationFn: (body) => api.post("/api/admin/views", body),
  invalidates: views,
  relogin,
};
export const updateView: MutationDef<ViewInput & { id: number }, unknown> = {
  mutationFn: ({ id, ...body }) => api.put(`/api/admin/views/${id}`, body),
  invalidates: views,
  relogin,
};
export const deleteView: MutationDef<number, unknown> = {
  mutationFn: (id) => api.delete(`/api/admin/views/${id}`),
  invalidates: views,
  relogin,
};
export const reorderViews: MutationDef<number[], unknown> = {
  mutationFn: (ids) => api.post("/api/admin/views/reorder", { ids }),
  invalidates: views,
  relogin,
};

export const bulkAction: MutationDef<BulkInput, Json<Admin["bulk"]["$post"]>> = {
  mutationFn: (body) => api.post("/api/admin/tickets/bulk", body),
  invalidates: [queryKeys.tickets.all],
  refetchOnError: true,
  relogin,
};

/** The export link: the list's filters and sort, without paging. */
export const exportHref = (query: TicketQuery) => {
  const { limit: _l, cursor: _c, ...rest } = query;
  return `/api/admin/tickets/export.csv${toQuery(rest)}`;
};
