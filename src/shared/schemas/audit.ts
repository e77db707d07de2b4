import { z } from "zod";
import { AUDIT_PAGE_SIZE } from "../constants";

/** Query of GET /api/admin/audit-logs; 'all' or '' means no filter. */
export const auditQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  limit: z.coerce.number().int().min(1).max(200).default(AUDIT_PAGE_SIZE),
  entityType: z
    .string()
    .trim()
    .max(50)
    .optional()
    .transform((v) => (v && v !== "all" ? v : undefined)),
  action: z
    .string()
    .trim()
    .max(50)
    .optional()
    .transform((v) => (v && v !== "all" ? v : undefined)),
  search: z
    .string()
    .trim()
    .max(200)
    .optional()
    .transform((v) => v || undefined),
});
