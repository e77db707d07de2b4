import { Hono } from "hono";
import type { AppEnv } from "../../src/http/env";
import { publicFields } from "../../src/custom-fields/definitions";

/** The form's option lists (active items, configured order). */
export const publicConfigApi = new Hono<AppEnv>()
  .get("/departments", (c) => c.json(c.get("deps").reads.publicList("departments")))
  .get("/types", (c) => c.json(c.get("deps").reads.publicList("types")))
  .get("/priorities", (c) => c.json(c.get("deps").reads.publicList("priorities")))
  .get("/companies", (c) => c.json(c.get("deps").reads.publicList("companies")))
  .get("/statuses", (c) => c.json(c.get("deps").reads.publicList("statuses")))
  .get("/custom-fields", (c) => c.json(publicFields(c.get("deps").reads.ctx)));
