import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "./env";
import { log } from "../log";

/** A private ticket link and a password-reset link are secrets: their tokens never reach the log. */
export const loggedPath = (path: string) =>
  path.replace(/^(\/(?:api\/)?(?:t|my-tickets)\/|\/reset-password\/)[^/]+/, "$1…");

/** One line per request (no query string: it may carry e-mail addresses or phone numbers). */
export const requestLog: MiddlewareHandler<AppEnv> = async (c, next) => {
  const started = performance.now();
  await next();
  log.info("request", {
    requestId: c.get("requestId"),
    method: c.req.method,
    path: loggedPath(c.req.path),
    status: c.res.status,
    ms: Math.round((performance.now() - started) * 10) / 10,
    userId: c.get("user")?.id,
  });
};
