import { Hono } from "hono";
import type { AppEnv } from "../../src/http/env";
import { healthReport } from "../../src/health";

/** Liveness for load balancers and the e2e harness: the database answers a query; release and schema. */
export const healthApi = new Hono<AppEnv>().get("/healthz", (c) => {
  c.header("Cache-Control", "no-store");
  return c.json(healthReport(c.get("deps").sqlite), 200);
});
