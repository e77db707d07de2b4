import type { Context } from "hono";
import type { AppEnv } from "../../src/http/env";
import { trackingMode } from "../../src/settings/public-tracking";

/** First-paint data for the portal island: the form's option lists and the tracking mode. */
export function portalProps(c: Context<AppEnv>): Record<string, unknown> {
  return { config: c.get("deps").reads.publicConfig(), tracking: trackingMode(c.get("deps")) };
}
