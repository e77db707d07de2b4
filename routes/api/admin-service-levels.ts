import { Hono } from "hono";
import type { AppEnv } from "../../src/http/env";
import { requireAdmin } from "../../src/http/auth";
import { dbWriteCtx } from "../../src/http/write-ctx";
import { validate } from "../../src/http/validate";
import { serviceLevelsSchema } from "../../src/shared/schemas/service-levels";
import { getServiceLevelSettings } from "../../src/service-levels/sla-settings";
import { updateServiceLevels } from "../../src/service-levels/service-levels.service";

/** Settings → Hours: business hours, holidays and the targets per priority (admin only, audited). */
export const adminServiceLevelsApi = new Hono<AppEnv>()
  .use(requireAdmin)
  .get("/", (c) => c.json(getServiceLevelSettings(c.get("deps").db), 200))
  .put("/", validate("json", serviceLevelsSchema), (c) =>
    c.json(updateServiceLevels({ ...dbWriteCtx(c), input: c.req.valid("json") }), 200),
  );
