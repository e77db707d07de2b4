import { EMPTY_FILTERS, type Filters } from "./filters-state";
import type { QueueState, Sort, View } from "./url-state";
import { fieldParams, fieldsText } from "./field-filters";

// A view keeps the filters that mean the same tomorrow; date ranges stay with the link, not the view.
const KEPT = [
  "search",
  "status",
  "department",
  "ticketType",
  "priority",
  "company",
  "assignedTo",
  "due",
  "tags",
  "tagsMode",
] as const;

/** The current queue as a saved view's filters (the list's own query keys). */
export function viewFiltersOf(s: QueueState): Record<string, string> {
  const out: Record<string, string> = {};
  for (const k of KEPT) if (s.filters[k] !== EMPTY_FILTERS[k]) out[k] = s.filters[k];
  Object.assign(out, fieldParams(s.filters.fields));
  if (s.sort !== "created") out.sort = s.sort;
  if (s.order !== "desc") out.order = s.order;
  return out;
}

/** A view applied: its filters on a clean slate, its view mode, its sort. */
export function applyView(v: {
  filters: Record<string, string | undefined>;
  viewMode: View;
}): Partial<QueueState> {
  const filters: Filters = { ...EMPTY_FILTERS };
  for (const k of KEPT) if (v.filters[k]) filters[k] = v.filters[k]!;
  filters.fields = fieldsText(Object.entries(v.filters));
  return {
    filters,
    view: v.viewMode,
    sort: (v.filters.sort as Sort | undefined) ?? "created",
    order: v.filters.order === "asc" ? "asc" : "desc",
  };
}

/** Whether the queue shows exactly this view right now. */
export const isCurrent = (s: QueueState, v: { filters: Record<string, string | undefined> }) => {
  const mine = viewFiltersOf(s);
  const theirs = Object.entries(v.filters).filter(([, x]) => x);
  return theirs.length === Object.keys(mine).length && theirs.every(([k, x]) => mine[k] === x);
};
