import { z } from "zod";
import { dayRangeSchema } from "./day-range";

/** "all" and "" mean no filter, as the selects send them. */
const choice = z
  .string()
  .trim()
  .max(100)
  .optional()
  .transform((v) => (!v || v === "all" ? undefined : v));

/** The query every report takes: office days from `from` up to (not including) `to`, and the filters. */
export const reportQuerySchema = dayRangeSchema.extend({
  department: choice,
  type: choice,
  company: choice,
  priority: choice,
  channel: choice,
  /** A user id, or "none" for unassigned tickets. */
  agent: z
    .string()
    .trim()
    .regex(/^(none|all|[1-9]\d{0,9})$/, "Invalid agent")
    .optional()
    .transform((v) => (!v || v === "all" ? undefined : v)),
  /** Tag names joined by commas: tickets carrying any of them. */
  tags: z
    .string()
    .trim()
    .max(500)
    .optional()
    .transform((v) => [...new Set((v ?? "").split(",").map((s) => s.trim()))].filter(Boolean))
    .refine((vs) => vs.length <= 20, "Too many tags")
    .transform((vs) => (vs.length ? vs : undefined)),
  /** How created and resolved tickets are grouped over time. */
  bucket: z.enum(["day", "week", "month"], { error: "Invalid bucket" }).default("day"),
  format: z.enum(["json", "csv"], { error: "Invalid format" }).default("json"),
});
export type ReportQuery = z.output<typeof reportQuerySchema>;

export type ReportKind = "volume" | "times" | "service-levels" | "agents" | "busiest" | "top" | "time-spent";
