import { Hono, type Context } from "hono";
import type { AppEnv } from "../../src/http/env";
import { dbWriteCtx } from "../../src/http/write-ctx";
import { validate } from "../../src/http/validate";
import { reorderViewsSchema, savedViewSchema } from "../../src/shared/schemas/view";
import { createView, deleteView, listViews, reorderViews, updateView } from "../../src/views/views.service";
import { idParam } from "../../src/shared/schemas/id-param";

const ctxOf = (c: Context<AppEnv>) => ({
  ...dbWriteCtx(c),
  user: c.get("user")!, // requireUser runs on /api/admin/* (routes/index.ts)
});

/** Quick views and each staff member's own saved views, with their ticket counts. */
export const adminViewsApi = new Hono<AppEnv>()
  .get("/", (c) =>
    c.json(
      listViews(
        c.get("deps").reads.ctx,
        c.get("user")!,
        c.get("deps").config.listCountCap,
        c.get("deps").now(),
      ),
    ),
  )
  .post("/", validate("json", savedViewSchema), (c) =>
    c.json(createView({ ...ctxOf(c), input: c.req.valid("json") }), 201),
  )
  .post("/reorder", validate("json", reorderViewsSchema), (c) =>
    c.json(reorderViews({ ...ctxOf(c), ids: c.req.valid("json").ids })),
  )
  .put("/:id", validate("param", idParam), validate("json", savedViewSchema), (c) =>
    c.json(updateView({ ...ctxOf(c), id: c.req.valid("param").id, input: c.req.valid("json") })),
  )
  .delete("/:id", validate("param", idParam), (c) => {
    deleteView({ ...ctxOf(c), id: c.req.valid("param").id });
    return c.json({ message: "View deleted" });
  });
