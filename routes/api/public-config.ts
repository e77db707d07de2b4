import { Hono } from "hono";
import type { AppEnv } from "../../src/http/env";
import { publicConfigLists } from "../../src/tickets/public-config";

/** The form's option lists (active items, configured order). */
export const publicConfigApi = new Hono<AppEnv>()
  .get("/departments", (c) => c.json(publicConfigLists.departments(c.get("deps").db)))
  .get("/types", (c) => c.json(publicConfigLists.types(c.get("deps").db)))
  .get("/priorities", (c) => c.json(publicConfigLists.priorities(c.get("deps").db)))
  .get("/companies", (c) => c.json(publicConfigLists.companies(c.get("deps").db)));
