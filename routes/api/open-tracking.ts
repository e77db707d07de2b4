import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../../src/http/env";
import { notFound } from "../../src/errors/domain-error";
import { trackingMode } from "../../src/settings/public-tracking";

/**
 * Routes that reach a ticket by its sequential number serve only in open tracking; in verified mode they
 * answer exactly like an unknown ticket (or file), so the number alone opens nothing.
 */
export const openTrackingOnly =
  (what: "Ticket" | "Attachment" = "Ticket"): MiddlewareHandler<AppEnv> =>
  async (c, next) => {
    if (trackingMode(c.get("deps")) === "verified") throw notFound(what);
    return next();
  };
