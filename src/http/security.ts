import type { Context, MiddlewareHandler } from "hono";
import { secureHeaders } from "hono/secure-headers";
import type { AppEnv } from "./env";
import { bearerOf } from "./auth";
import { forbidden, tooMany } from "../errors/domain-error";
import type { Limiter } from "../limits/rate-limiter";
import { addressKey } from "../shared/address-key";

const SAFE = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * With PUBLIC_URL set, only that origin may write: any Host header can be made to point here (DNS
 * rebinding), so a page on another name must not pass by naming itself in Host. Without it, this host.
 */
function allowedOrigins(c: Context<AppEnv>): Set<string> {
  const publicUrl = c.get("deps").config.publicUrl;
  if (publicUrl) return new Set([new URL(publicUrl).origin]);
  const allowed = new Set([new URL(c.req.url).origin]);
  const host = c.req.header("host");
  if (host) for (const p of ["http", "https"]) allowed.add(`${p}://${host}`);
  return allowed;
}

/**
 * Refuses cross-site writes of any content type (Hono's csrf() only checks form posts). A request with
 * an API token and no cookie is exempt: a browser cannot attach another site's token, and no cookie rides along.
 */
export const sameOriginWrites: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (SAFE.has(c.req.method)) return next();
  if (bearerOf(c) !== null && !c.req.header("cookie")) return next();
  const site = c.req.header("sec-fetch-site");
  if (site && site !== "same-origin" && site !== "none") throw forbidden("Cross-site request refused");
  const origin = c.req.header("origin");
  if (origin && !allowedOrigins(c).has(origin)) throw forbidden("Cross-site request refused");
  return next();
};

const appHeaders = secureHeaders({
  contentSecurityPolicy: {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    // React renders style attributes; no inline <script> is ever needed.
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", "data:", "blob:"],
    connectSrc: ["'self'"],
    fontSrc: ["'self'", "data:"],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
  },
  xFrameOptions: "DENY",
  referrerPolicy: "strict-origin-when-cross-origin",
  strictTransportSecurity: false,
  crossOriginEmbedderPolicy: false,
  removePoweredBy: true,
});

/**
 * The app-wide headers, except that a handler's own stricter CSP wins: downloads send
 * `default-src 'none'; sandbox`, which secureHeaders() would otherwise overwrite.
 */
export const securityHeaders: MiddlewareHandler<AppEnv> = async (c, next) => {
  let own: string | null = null;
  await appHeaders(c, async () => {
    await next();
    own = c.res.headers.get("Content-Security-Policy");
  });
  if (own) c.res.headers.set("Content-Security-Policy", own);
  // Pages and calls that carry a private ticket link send no Referer anywhere, so the token cannot leak.
  if (/^\/((api\/)?(t|my-tickets)|reset-password)\//.test(c.req.path))
    c.res.headers.set("Referrer-Policy", "no-referrer");
};

/** HSTS only where the request really arrived over TLS (directly or via a trusted proxy). */
export const hstsWhenSecure: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next();
  const proto = c.get("deps").config.trustProxy ? c.req.header("x-forwarded-proto") : undefined;
  if (new URL(c.req.url).protocol === "https:" || proto === "https")
    c.res.headers.set("Strict-Transport-Security", "max-age=63072000; includeSubDomains"); // not c.header: see noStoreWhenPersonal
};

/** Per-address limit for a route group; answers 429 with Retry-After. */
export const limitByIp =
  (pick: (c: Parameters<MiddlewareHandler<AppEnv>>[0]) => Limiter): MiddlewareHandler<AppEnv> =>
  async (c, next) => {
    const wait = pick(c).hit(addressKey(c.get("ip")));
    if (wait > 0) throw tooMany(wait);
    return next();
  };
