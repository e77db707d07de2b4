import { Hono } from "hono";
import type { AppEnv } from "../../src/http/env";

/** Liveness for load balancers and the e2e harness: the database answers a query. */
export const healthApi = new Hono<AppEnv>().get("/healthz", (c) => {
  c.var.deps.sqlite.query("select 1").get();
  c.header("Cache-Control", "no-store");
  return c.json({ status: "ok" }, 200);
});
