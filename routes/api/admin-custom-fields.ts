import { Hono } from "hono";
import type { AppEnv } from "../../src/http/env";
import { requireAdmin } from "../../src/http/auth";
import { dbWriteCtx } from "../../src/http/write-ctx";
import { validate } from "../../src/http/validate";
import { idParam } from "../../src/shared/schemas/id-param";
import {
  customFieldSchema,
  reorderCustomFieldsSchema,
  updateCustomFieldSchema,
} from "../../src/shared/schemas/custom-field";
import {
  createField,
  listFields,
  reorderFields,
  updateField,
} from "../../src/custom-fields/definitions.service";

/** Custom field definitions: staff read them (forms, filters, columns), admins change them. */
export const adminCustomFieldsApi = new Hono<AppEnv>()
  .get("/", (c) => c.json(listFields(c.get("deps").db)))
  .post("/", requireAdmin, validate("json", customFieldSchema), (c) =>
    c.json(createField({ ...dbWriteCtx(c), input: c.req.valid("json") }), 201),
  )
  .post("/reorder", requireAdmin, validate("json", reorderCustomFieldsSchema), (c) =>
    c.json(reorderFields({ ...dbWriteCtx(c), ids: c.req.valid("json").ids })),
  )
  .put("/:id", requireAdmin, validate("param", idParam), validate("json", updateCustomFieldSchema), (c) =>
    c.json(updateField({ ...dbWriteCtx(c), id: c.req.valid("param").id, input: c.req.valid("json") })),
  );
