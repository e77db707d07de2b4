import { z } from "zod";
import { ticketFiltersSchema } from "./filters";
import { oneLine } from "./one-line";
import { isFieldFilterParam } from "./field-filters";

const VIEW_MODES = ["kanban", "list", "grid"] as const;
export const MAX_SAVED_VIEWS = 50;
const FILTER_KEYS = [
  "search",
  "status",
  "department",
  "ticketType",
  "priority",
  "company",
  "assignedTo",
  "startDate",
  "endDate",
  "processedStartDate",
  "processedEndDate",
  "completedStartDate",
  "completedEndDate",
  "due",
  "tags",
  "tagsMode",
  "sort",
  "order",
] as const;

/** A view's filters as the list's query string carries them (so a view is a shareable link). */
const viewFiltersSchema = z
  .record(
    z
      .string()
      .refine(
        (k) => (FILTER_KEYS as readonly string[]).includes(k) || isFieldFilterParam(k),
        "Unknown filter",
      ),
    z.string().max(500, "Invalid filters"),
  )
  .refine((f) => ticketFiltersSchema.safeParse(f).success, "Invalid filters");

export const savedViewSchema = z.object({
  name: z
    .string({ error: "Name is required" })
    .trim()
    .min(1, "Name is required")
    .max(100, "Name is too long")
    .check(oneLine("Name")),
  filters: viewFiltersSchema.default({}),
  viewMode: z.enum(VIEW_MODES, { error: "Invalid view mode" }).default("list"),
});
export type SavedViewInput = z.infer<typeof savedViewSchema>;

/** The user's saved views in their new order: every one of them, each once. */
export const reorderViewsSchema = z.object({
  ids: z.array(z.number().int().positive(), { error: "Invalid ids" }).max(MAX_SAVED_VIEWS),
});
