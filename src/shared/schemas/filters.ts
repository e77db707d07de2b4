import { z } from "zod";
import { DASHBOARD_LIMIT, TICKET_PAGE_SIZE } from "../constants";
import { gatherFieldFilters, type FieldCond } from "./field-filters";

/** "all" and "" mean no filter, as the selects send them. */
const choice = z
  .string()
  .trim()
  .max(100)
  .optional()
  .transform((v) => (!v || v === "all" ? undefined : v));
/** One value or several joined by commas ("high,urgent"); "all" among them means no filter. */
const choices = z
  .string()
  .trim()
  .max(500)
  .optional()
  .transform((v) => [...new Set((v ?? "").split(",").map((s) => s.trim()))].filter(Boolean))
  .refine((vs) => vs.length <= 20 && vs.every((s) => s.length <= 100), "Too many values")
  .transform((vs) => (!vs.length || vs.includes("all") ? undefined : vs));
const instant = z.iso
  .datetime({ offset: true, error: "Invalid date" })
  .transform((v) => new Date(v))
  .optional();

const TICKET_SORTS = ["created", "updated", "priority", "status", "due"] as const;
export type TicketSort = (typeof TICKET_SORTS)[number];

const filterShape = z.object({
  limit: z.coerce
    .number({ error: "Invalid limit" })
    .int("Invalid limit")
    .min(1, "Invalid limit")
    .max(DASHBOARD_LIMIT, "Invalid limit")
    .default(TICKET_PAGE_SIZE),
  search: z
    .string()
    .trim()
    .max(200, "Search is too long")
    .optional()
    .transform((v) => v || undefined),
  status: choices,
  department: choice,
  ticketType: choice,
  priority: choices,
  company: choice,
  /** "me", "none" (unassigned) or a user id. */
  assignedTo: z
    .string()
    .trim()
    .regex(/^(me|none|all|[1-9]\d{0,9})$/, "Invalid assignee")
    .optional()
    .transform((v) => (!v || v === "all" ? undefined : v)),
  /** Tag names; `tagsMode` "all" keeps only tickets carrying every one. */
  tags: choices,
  tagsMode: z.enum(["any", "all"], { error: "Invalid tags mode" }).default("any"),
  startDate: instant,
  endDate: instant,
  processedStartDate: instant,
  processedEndDate: instant,
  completedStartDate: instant,
  completedEndDate: instant,
  /** Tickets whose service-level clock is breached, or in its last quarter ("due_soon"). */
  due: z.enum(["breached", "due_soon"], { error: "Invalid due state" }).optional(),
  sort: z.enum(TICKET_SORTS, { error: "Invalid sort" }).default("created"),
  order: z.enum(["asc", "desc"], { error: "Invalid order" }).default("desc"),
  /** The nextCursor of the previous page, opaque to clients. */
  cursor: z.string().max(1000, "Invalid cursor").optional(),
});
const FILTER_NAMES = Object.keys(filterShape.shape);

/**
 * The GET /api/admin/tickets query: every filter of 'Search & Filters' and the List view, and custom
 * field filters (`cf.<key>`, `cf.<key>.min`, `cf.<key>.max`) gathered as `cf`.
 */
export const ticketFiltersSchema = filterShape.catchall(z.unknown()).transform((q, ctx) => {
  const known = Object.fromEntries(FILTER_NAMES.filter((k) => k in q).map((k) => [k, q[k]]));
  return { ...(known as z.output<typeof filterShape>), cf: gatherFieldFilters(q, ctx) };
});
/**
 * `dueNow`: the instant `due` is judged at, set by the server from its clock, never read from a query
 * string; `tagsWalk`: the page tests each ticket for its tags (set by the list's plan); `fieldConds`: the
 * `cf` filters checked against their fields, set by the read boundary with the share of
 * tickets holding them and the values of the rarest (counted up to a bound); `fieldsWalk`: tickets are
 * tested one by one for them (set by the plan).
 */
export type TicketFilters = z.infer<typeof ticketFiltersSchema> & {
  dueNow?: Date;
  tagsWalk?: boolean;
  fieldConds?: FieldCond[];
  fieldsShare?: number;
  fieldsHolders?: number;
  fieldsWalk?: boolean;
};
