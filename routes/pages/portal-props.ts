import type { Context } from "hono";
import type { AppEnv } from "../../src/http/env";
import { trackingMode } from "../../src/settings/public-tracking";
import { phoneRules } from "../../src/settings/phone-rules";

/** First-paint data for the portal island: the form's option lists, the tracking mode and the phone rules. */
export function portalProps(c: Context<AppEnv>) {
  const deps = c.get("deps");
  return { config: deps.reads.publicConfig(), tracking: trackingMode(deps), phone: phoneRules(deps.db) };
}
