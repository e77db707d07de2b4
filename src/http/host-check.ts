import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "./env";
import { log } from "../log";

/**
 * A request without a usable Host (none on HTTP/1.0, a bad port, spaces) has no URL to route or
 * compare origins by: it gets a plain 400 and one short log line, before anything reads the URL.
 */
export const requireValidHost: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (URL.canParse(c.req.url)) return next();
  log.warn("refused a request without a valid Host header", {
    method: c.req.method,
    host: c.req.header("host")?.slice(0, 100) ?? null,
  });
  c.header("Cache-Control", "no-store");
  return c.json({ message: "Bad Request: missing or invalid Host header" }, 400);
};

/**
 * Signed-in answers, every answer about accounts or the dashboard, and a private ticket link's answers are
 * never stored by a browser or proxy.
 */
export const noStoreWhenPersonal: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next();
  const path = c.req.path;
  const personal =
    c.get("user") ||
    path.startsWith("/api/admin/") ||
    path.startsWith("/api/auth/") ||
    path.startsWith("/api/t/") ||
    path === "/api/login";
  // On the finished response's own headers: c.header() after the handler makes a new response read
  // from the old one's body stream, a copy of every byte on every request.
  if (personal && !/\bno-store\b/.test(c.res.headers.get("Cache-Control") ?? ""))
    c.res.headers.set("Cache-Control", "no-store");
};
