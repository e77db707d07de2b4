import { z } from "zod";
import { DASHBOARD_LIMIT, TICKET_PAGE_SIZE } from "../constants";

/** "all" and "" mean no filter, as the selects send them. */
const choice = z
  .string()
  .trim()
  .max(100)
  .optional()
  .transform((v) => (!v || v === "all" ? undefined : v));
const instant = z.iso
  .datetime({ offset: true, error: "Invalid date" })
  .transform((v) => new Date(v))
  .optional();

/** The GET /api/admin/tickets query: every filter of 'Search & Filters' and the List view. */
export const ticketFiltersSchema = z.object({
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
  status: choice,
  department: choice,
  ticketType: choice,
  priority: choice,
  company: choice,
  startDate: instant,
  endDate: instant,
  processedStartDate: instant,
  processedEndDate: instant,
  completedStartDate: instant,
  completedEndDate: instant,
});
export type TicketFilters = z.infer<typeof ticketFiltersSchema>;
