import { Hono } from "hono";
import type { AppEnv } from "../../src/http/env";
import { requireAdmin } from "../../src/http/auth";
import { dbWriteCtx } from "../../src/http/write-ctx";
import { validate } from "../../src/http/validate";
import {
  automationRuleSchema,
  presetQuerySchema,
  ruleOrderSchema,
} from "../../src/shared/schemas/automation";
import { presets } from "../../src/automation/presets";
import { idParam } from "../../src/shared/schemas/id-param";
import { deleteRule, listRules, reorderRules, saveRule } from "../../src/automation/rules";
import { dryRun } from "../../src/automation/dry-run";
import { listRuns } from "../../src/automation/run-log";

/** Settings → Automation: rules that act on tickets when they are created or changed, or on time; admins only. */
export const adminAutomationsApi = new Hono<AppEnv>()
  .use(requireAdmin)
  .get("/", (c) => c.json(listRules(c.get("deps").db)))
  .post("/", validate("json", automationRuleSchema), (c) =>
    c.json(saveRule({ ...dbWriteCtx(c), input: c.req.valid("json") }), 201),
  )
  .post("/dry-run", validate("json", automationRuleSchema), (c) =>
    c.json(dryRun(c.get("deps").db, c.req.valid("json"), c.get("deps").now())),
  )
  .get("/presets", validate("query", presetQuerySchema), (c) => c.json(presets(c.req.valid("query"))))
  .put("/order", validate("json", ruleOrderSchema), (c) =>
    c.json(reorderRules({ ...dbWriteCtx(c), ids: c.req.valid("json").ids })),
  )
  .put("/:id", validate("param", idParam), validate("json", automationRuleSchema), (c) =>
    c.json(saveRule({ ...dbWriteCtx(c), id: c.req.valid("param").id, input: c.req.valid("json") })),
  )
  .delete("/:id", validate("param", idParam), (c) => {
    deleteRule({ ...dbWriteCtx(c), id: c.req.valid("param").id });
    return c.json({ message: "Rule deleted" });
  })
  .get("/:id/runs", validate("param", idParam), (c) =>
    c.json(listRuns(c.get("deps").db, c.req.valid("param").id)),
  );
