import { Hono, type Context } from "hono";
import type { AppEnv } from "../../src/http/env";
import { actorOf } from "../../src/http/auth";
import { validate } from "../../src/http/validate";
import { reorderViewsSchema, savedViewSchema } from "../../src/shared/schemas/view";
import { createView, deleteView, listViews, reorderViews, updateView } from "../../src/views/views.service";
import { idParam } from "../../src/shared/schemas/id-param";

const ctxOf = (c: Context<AppEnv>) => ({
  db: c.var.deps.db,
  actor: actorOf(c),
  user: c.var.user!, // requireUser runs on /api/admin/* (routes/index.ts)
  now: c.var.deps.now(),
});

/** Quick views and each staff member's own saved views, with their ticket counts. */
export const adminViewsApi = new Hono<AppEnv>()
  .get("/", (c) =>
    c.json(listViews(c.var.deps.db, c.var.user!, c.var.deps.config.listCountCap, c.var.deps.now())),
  )
  .post("/", validate("json", savedViewSchema), (c) => c.json(createView(ctxOf(c), c.req.valid("json")), 201))
  .post("/reorder", validate("json", reorderViewsSchema), (c) =>
    c.json(reorderViews(ctxOf(c), c.req.valid("json").ids)),
  )
  .put("/:id", validate("param", idParam), validate("json", savedViewSchema), (c) =>
    c.json(updateView(ctxOf(c), c.req.valid("param").id, c.req.valid("json"))),
  )
  .delete("/:id", validate("param", idParam), (c) => {
    deleteView(ctxOf(c), c.req.valid("param").id);
    return c.json({ message: "View deleted" });
  });
