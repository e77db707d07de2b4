import { Hono } from "hono";
import type { AppEnv } from "../../src/http/env";
import { requireAdmin } from "../../src/http/auth";
import { validate } from "../../src/http/validate";
import { auditQuerySchema } from "../../src/shared/schemas/audit";
import { listAuditLogs } from "../../src/audit/audit.queries";

/** GET /api/admin/audit-logs → {logs, total}; admin-only. */
export const adminAuditApi = new Hono<AppEnv>()
  .use(requireAdmin)
  .get("/", validate("query", auditQuerySchema), (c) =>
    c.json(listAuditLogs(c.get("deps").db, c.req.valid("query"))),
  );
