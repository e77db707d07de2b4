import type { Context, MiddlewareHandler } from "hono";
import { getCookie, setCookie, deleteCookie } from "hono/cookie";
import type { AppEnv } from "./env";
import { forbidden, unauthorized } from "../errors/domain-error";
import { validateSession } from "../auth/sessions";
import { validateApiToken } from "../auth/api-tokens";
import { toUserDto } from "../users/users.dto";
import type { Actor } from "../audit/audit.service";
import { twoFactorRequired } from "../settings/two-factor-policy";
import { reauthRequired, recentlyConfirmed } from "../auth/sudo";

const isHttps = (c: Context<AppEnv>) =>
  new URL(c.req.url).protocol === "https:" ||
  (c.get("deps").config.trustProxy && c.req.header("x-forwarded-proto") === "https");

/** `__Host-` prefix and Secure on HTTPS; plain `sid` on a LAN http install. */
const cookieName = (c: Context<AppEnv>) => (isHttps(c) ? "__Host-sid" : "sid");

export function setSessionCookie(c: Context<AppEnv>, token: string, expire: Date) {
  setCookie(c, cookieName(c), token, {
    httpOnly: true,
    sameSite: "Lax",
    secure: isHttps(c),
    path: "/",
    expires: expire,
    maxAge: Math.max(0, Math.floor((expire.getTime() - c.get("deps").now().getTime()) / 1000)),
  });
}

export function clearSessionCookie(c: Context<AppEnv>) {
  deleteCookie(c, cookieName(c), { path: "/", secure: isHttps(c) });
}

const sessionToken = (c: Context<AppEnv>) => getCookie(c, cookieName(c)) ?? null;

/** An API token, only ever from the Authorization header. */
export const bearerOf = (c: Context) =>
  c.req.header("authorization")?.match(/^Bearer\s+(\S+)$/i)?.[1] ?? null;

/**
 * Resolves the request to an active user (or null): an API token when the request carries one, and then
 * the cookie is ignored, otherwise the session cookie.
 */
export const loadSession: MiddlewareHandler<AppEnv> = async (c, next) => {
  c.set("user", null);
  c.set("sessionId", null);
  c.set("viaToken", false);
  c.set("reauthenticatedAt", null);
  const bearer = bearerOf(c);
  if (bearer !== null) {
    const user = validateApiToken(c.get("deps").reads.ctx, bearer, c.get("deps").now());
    if (user) {
      c.set("user", toUserDto(user));
      c.set("viaToken", true);
    }
    return next();
  }
  const token = sessionToken(c);
  if (token) {
    const { db, now, config, reads } = c.get("deps");
    const life = { ttlMs: config.sessionTtlMs, maxMs: config.sessionMaxMs };
    const found = validateSession(reads.ctx, token, now(), life);
    if (found) {
      c.set("user", toUserDto(found.user, twoFactorRequired(db)));
      c.set("sessionId", found.sid);
      c.set("reauthenticatedAt", found.reauthenticatedAt);
      if (found.extendedTo) setSessionCookie(c, token, found.extendedTo);
    }
  }
  return next();
};

/** 401 without a signed-in, active user; guards every /api/admin/* route. */
export const requireUser: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!c.get("user")) throw unauthorized();
  return next();
};

/** For a signed-in page under /api: a browser without a user is sent to sign in, a script gets the 401. */
export const requireUserPage: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (c.get("user")) return next();
  if ((c.req.header("accept") ?? "").includes("text/html")) return c.redirect("/login", 302);
  throw unauthorized();
};

const MUST_CHANGE_PASSWORD =
  "You signed in with a temporary password. Please choose a new password on your profile first.";

/** A temporary password opens nothing but the password change (under /api/auth) and sign-out. */
export const requireOwnPassword: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (c.get("user")?.mustChangePassword) throw forbidden(MUST_CHANGE_PASSWORD);
  return next();
};

const MUST_ENROL = "Two-factor sign-in is required. Please set it up on your profile first.";

/** While two-factor sign-in is required and not set up, a session opens only the profile and sign-out. */
export const requireSecondFactor: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (c.get("user")?.mustEnrolTwoFactor) throw forbidden(MUST_ENROL);
  return next();
};

/** Tokens cannot manage tokens, sessions or the password: a leaked token must not entrench itself. */
export const requireSessionLogin: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!c.get("user")) throw unauthorized();
  if (c.get("viaToken")) throw forbidden("Sign in with your password to do this");
  return next();
};

/**
 * Account-security actions need a session (never a token) whose password was re-entered lately, so a
 * stolen cookie or token alone cannot take an account over. For rules that depend on the body.
 */
export function assertRecentPassword(c: Context<AppEnv>) {
  if (!c.get("user")) throw unauthorized();
  if (c.get("viaToken")) throw forbidden("Sign in with your password to do this");
  if (!recentlyConfirmed(c.get("reauthenticatedAt"), c.get("deps").now())) throw reauthRequired();
}

/** The same as a guard on a route. */
export const requireRecentPassword: MiddlewareHandler<AppEnv> = async (c, next) => {
  assertRecentPassword(c);
  return next();
};

/** 403 for staff on users, configuration, e-mail routing and audit routes. */
export const requireAdmin: MiddlewareHandler<AppEnv> = async (c, next) => {
  const user = c.get("user");
  if (!user) throw unauthorized();
  if (user.role !== "admin") throw forbidden();
  return next();
};

/** The audit actor for this request: user id, socket IP, user agent. */
export const actorOf = (c: Context<AppEnv>): Actor => ({
  userId: c.get("user")?.id ?? null,
  ip: c.get("ip") ?? null,
  userAgent: c.req.header("user-agent")?.slice(0, 500) ?? null,
});
