import type { Context } from "hono";
import type { AppEnv } from "../../src/http/env";

/** First-paint data for the portal island: the form's option lists, so it renders before scripts load. */
export function portalProps(c: Context<AppEnv>): Record<string, unknown> {
  return { config: c.get("deps").reads.publicConfig() };
}
