import type { Context } from "hono";
import { getConnInfo } from "hono/bun";

/** The socket address; X-Forwarded-For only when TRUST_PROXY says a proxy sets it, so clients cannot dodge rate limits. */
export function clientIp(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header("x-forwarded-for")?.split(",")[0]?.trim();
    if (forwarded) return forwarded.slice(0, 45);
  }
  try {
    return getConnInfo(c).remote.address?.slice(0, 45) ?? "unknown";
  } catch {
    return "unknown";
  }
}
