import { EMPTY_FILTERS, type Filters } from "./filters-state";
import { fieldParams, fieldsText } from "./field-filters";

export type View = "kanban" | "list" | "grid";
export type Sort = "created" | "updated" | "priority" | "status" | "due";
/** Everything a link to the queue restores: filters, view mode, sort and the open ticket. */
export type QueueState = {
  filters: Filters;
  view: View;
  sort: Sort;
  order: "asc" | "desc";
  ticket: string | null;
};

const VIEWS: View[] = ["kanban", "list", "grid"];
const SORTS: Sort[] = ["created", "updated", "priority", "status", "due"];
const TICKET_ID = /^[A-Z]{1,5}-\d{4}-\d{3,}$/;
const pick = <T extends string>(v: string | null, all: readonly T[], fallback: T) =>
  all.includes(v as T) ? (v as T) : fallback;

/** Reads the state from a path and query string; anything unknown falls back to the defaults. */
export function parseQueueUrl(url: string, defaultView: View): QueueState {
  const u = new URL(url, "http://x");
  const q = u.searchParams;
  const filters = { ...EMPTY_FILTERS };
  for (const key of Object.keys(EMPTY_FILTERS) as (keyof Filters)[]) {
    const v = q.get(key);
    if (v !== null) (filters as Record<string, string>)[key] = v.slice(0, 500);
  }
  filters.fields = fieldsText(q.entries());
  return {
    filters,
    view: pick(q.get("view"), VIEWS, defaultView),
    sort: pick(q.get("sort"), SORTS, "created"),
    order: q.get("order") === "asc" ? "asc" : "desc",
    // the quick look over the queue; the ticket's own page is /admin/tickets/WI-…
    ticket: TICKET_ID.test(q.get("ticket") ?? "") ? q.get("ticket") : null,
  };
}

/** The state as a URL: only what differs from the defaults, so a plain /admin stays plain. */
export function queueUrl(s: QueueState, defaultView: View): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(s.filters))
    if (k !== "fields" && v !== EMPTY_FILTERS[k as keyof Filters]) q.set(k, v);
  for (const [k, v] of Object.entries(fieldParams(s.filters.fields))) q.set(k, v);
  if (s.view !== defaultView) q.set("view", s.view);
  if (s.sort !== "created") q.set("sort", s.sort);
  if (s.order !== "desc") q.set("order", s.order);
  if (s.ticket) q.set("ticket", s.ticket);
  const qs = q.toString();
  return qs ? `/admin?${qs}` : "/admin";
}
