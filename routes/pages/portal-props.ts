import type { Context } from "hono";
import type { AppEnv } from "../../src/http/env";
import { publicConfig } from "../../src/tickets/public-config";

/** First-paint data for the portal island: the form's option lists, so it renders before scripts load. */
export function portalProps(c: Context<AppEnv>): Record<string, unknown> {
  return { config: publicConfig(c.get("deps").db) };
}
