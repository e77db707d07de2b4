import { endOfDay, startOfDay } from "date-fns";
import { presetRange, type DatePreset } from "../../src/shared/dates";
import { fieldParams } from "./field-filters";

export type Filters = {
  search: string;
  status: string;
  department: string;
  ticketType: string;
  priority: string;
  company: string;
  assignedTo: string;
  dateFilter: DatePreset;
  startDate: string;
  endDate: string;
  processedStartDate: string;
  processedEndDate: string;
  completedStartDate: string;
  completedEndDate: string;
  /** "breached", "due_soon" or "all": the service-level state, judged by the server at its clock. */
  due: string;
  /** Tag names joined by commas; `tagsMode` "all" keeps tickets carrying every one. */
  tags: string;
  tagsMode: string;
  /** Custom field filters as query text (`cf.seats.min=10&cf.product=o1`). */
  fields: string;
};
export const EMPTY_FILTERS: Filters = {
  search: "",
  status: "all",
  department: "all",
  ticketType: "all",
  priority: "all",
  company: "all",
  assignedTo: "all",
  dateFilter: "all",
  startDate: "",
  endDate: "",
  processedStartDate: "",
  processedEndDate: "",
  completedStartDate: "",
  completedEndDate: "",
  due: "all",
  tags: "",
  tagsMode: "any",
  fields: "",
};

/** A yyyy-mm-dd picker value as a local day. */
const localDay = (v: string) => (v ? new Date(`${v}T00:00:00`) : null);
const dayRange = (from: string, to: string) => ({
  from: from ? startOfDay(localDay(from)!).toISOString() : undefined,
  to: to ? endOfDay(localDay(to)!).toISOString() : undefined,
});

/** Filters → the query of GET /api/admin/tickets; presets are computed here, in the browser's time zone. */
export function toTicketQuery(f: Filters, now: Date, listView: boolean): Record<string, string | undefined> {
  const range = presetRange(f.dateFilter, now, { start: localDay(f.startDate), end: localDay(f.endDate) });
  const processed = dayRange(f.processedStartDate, f.processedEndDate);
  const completed = dayRange(f.completedStartDate, f.completedEndDate);
  return {
    search: f.search.trim() || undefined,
    status: f.status,
    department: f.department,
    ticketType: f.ticketType,
    priority: f.priority,
    company: f.company,
    assignedTo: f.assignedTo,
    due: f.due === "all" ? undefined : f.due,
    tags: f.tags.trim() || undefined,
    tagsMode: f.tags.trim() && f.tagsMode === "all" ? "all" : undefined,
    ...fieldParams(f.fields),
    startDate: range?.start.toISOString(),
    endDate: range ? new Date(range.end.getTime() - 1).toISOString() : undefined,
    ...(listView
      ? {
          processedStartDate: processed.from,
          processedEndDate: processed.to,
          completedStartDate: completed.from,
          completedEndDate: completed.to,
        }
      : {}),
  };
}
