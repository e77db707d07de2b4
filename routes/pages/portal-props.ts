import type { Context } from "hono";
import type { AppEnv } from "../../src/http/env";
import { trackingMode } from "../../src/settings/public-tracking";
import { phoneRules } from "../../src/settings/phone-rules";
import { portalWordingView } from "../../src/settings/portal-wording";

/** First-paint data for the portal island: option lists, tracking mode, phone rules and the office's wording. */
export function portalProps(c: Context<AppEnv>) {
  const deps = c.get("deps");
  return {
    config: deps.reads.publicConfig(),
    tracking: trackingMode(deps),
    phone: phoneRules(deps.db),
    wording: portalWordingView(deps),
  };
}
