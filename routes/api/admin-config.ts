import { Hono } from "hono";
import type { MiddlewareHandler } from "hono";
import { notFound } from "../../src/errors/domain-error";
import type { AppEnv } from "../../src/http/env";
import { requireAdmin } from "../../src/http/auth";
import { dbWriteCtx } from "../../src/http/write-ctx";
import { validate } from "../../src/http/validate";
import {
  configItemSchema,
  configKindParam,
  reorderSchema,
  updateConfigItemSchema,
} from "../../src/shared/schemas/config-item";
import {
  createConfigItem,
  deleteConfigItem,
  listConfigItems,
  reorderConfigItems,
  updateConfigItem,
} from "../../src/config-lists/config-lists.service";
import { idParam } from "../../src/shared/schemas/id-param";

const itemParam = configKindParam.extend(idParam.shape);
/** An unknown list is an unknown path, so 404 rather than a validation error. */
const knownKind: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!configKindParam.safeParse({ kind: c.req.param("kind") }).success) throw notFound("List");
  return next();
};

/** Configuration of the five lists; e-mail routing is mounted before this app. */
export const adminConfigApi = new Hono<AppEnv>()
  .use(requireAdmin)
  .use("/:kind", knownKind)
  .use("/:kind/*", knownKind)
  .get("/:kind", validate("param", configKindParam), (c) =>
    c.json(listConfigItems(c.get("deps").db, c.req.valid("param").kind)),
  )
  .post("/:kind/reorder", validate("param", configKindParam), validate("json", reorderSchema), (c) =>
    c.json(
      reorderConfigItems({
        ...dbWriteCtx(c),
        kind: c.req.valid("param").kind,
        positions: c.req.valid("json").positions,
      }),
    ),
  )
  .post("/:kind", validate("param", configKindParam), validate("json", configItemSchema), (c) =>
    c.json(
      createConfigItem({ ...dbWriteCtx(c), kind: c.req.valid("param").kind, input: c.req.valid("json") }),
      201,
    ),
  )
  .put("/:kind/:id", validate("param", itemParam), validate("json", updateConfigItemSchema), (c) => {
    const { kind, id } = c.req.valid("param");
    return c.json(updateConfigItem({ ...dbWriteCtx(c), kind, id, input: c.req.valid("json") }));
  })
  .delete("/:kind/:id", validate("param", itemParam), (c) => {
    const { kind, id } = c.req.valid("param");
    deleteConfigItem({ ...dbWriteCtx(c), kind, id });
    return c.json({ message: "Deleted" });
  });
