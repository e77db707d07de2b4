import type { Hono, MiddlewareHandler } from "hono";
import { findTargetHandler } from "hono/utils/handler";
import { requireAdmin, requireSessionLogin, requireUser, requireUserPage } from "../auth";
import { validatedBy } from "../validate";
import { isNoBody } from "./describe";

// biome-ignore lint/suspicious/noExplicitAny: any app's routes are walked, whatever its env
type AnyApp = Hono<any, any, any>;
type Guard = "user" | "admin" | "session";
export type RouteFacts = {
  method: string;
  path: string;
  guards: Set<Guard>;
  validated: Set<string>;
  noBody: boolean;
};

const GUARDS = new Map<MiddlewareHandler, Guard>([
  [requireUser as MiddlewareHandler, "user"],
  [requireUserPage as MiddlewareHandler, "user"],
  [requireAdmin as MiddlewareHandler, "admin"],
  [requireSessionLogin as MiddlewareHandler, "session"],
]);

/** Hono's pattern as a regex over route paths: `:name` is one segment, a trailing `/*` also matches the bare prefix. */
const patternOf = (path: string) =>
  new RegExp(
    `^${path
      .replace(/[.+?^${}()|[\]\\]/g, "\\$&")
      .replace(/:[^/]+/g, "[^/]+")
      .replace(/\/\*$/, "(?:/.*)?")
      .replace(/\*/g, ".*")}$`,
  );

/** Each endpoint of the app (method and Hono path) with the guards and validators that run on it. */
export function routeFacts(app: AnyApp): RouteFacts[] {
  const endpoints = new Map<string, RouteFacts>();
  for (const r of app.routes) {
    if (r.method === "ALL") continue;
    const key = `${r.method} ${r.path}`;
    const facts = endpoints.get(key) ?? {
      method: r.method,
      path: r.path,
      guards: new Set<Guard>(),
      validated: new Set<string>(),
      noBody: false,
    };
    endpoints.set(key, facts);
  }
  for (const r of app.routes) {
    const handler = findTargetHandler(r.handler);
    const guard = GUARDS.get(handler as MiddlewareHandler);
    const check = validatedBy(handler);
    if (!guard && !check && !isNoBody(handler)) continue;
    const matches = patternOf(r.path);
    for (const e of endpoints.values()) {
      const applies = r.method === "ALL" ? matches.test(e.path) : r.method === e.method && r.path === e.path;
      if (!applies) continue;
      if (guard) e.guards.add(guard);
      if (check) e.validated.add(check.target);
      if (isNoBody(handler)) e.noBody = true;
    }
  }
  return [...endpoints.values()];
}

/** Hono's `/:id` as OpenAPI's `/{id}`. */
export const openApiPath = (path: string) => path.replace(/:([A-Za-z0-9_]+)(\{[^}]*\})?\??/g, "{$1}");
