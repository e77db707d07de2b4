import type { Context } from "hono";
import type { AppEnv } from "../../src/http/env";
import { publicConfig } from "../../src/tickets/public-config";
import { trackingMode } from "../../src/settings/public-tracking";

/** First-paint data for the portal island: the form's option lists and the tracking mode. */
export function portalProps(c: Context<AppEnv>): Record<string, unknown> {
  return { config: publicConfig(c.get("deps").db), tracking: trackingMode(c.get("deps")) };
}
