import type { Context, MiddlewareHandler } from "hono";
import type { AppEnv } from "./env";

/** A staff read through the app's costly-read lane, tried at once first (see CostlyReadLane.read). */
export const costlyRead = <T>(c: Context<AppEnv>, read: () => T): Promise<T> =>
  c.get("deps").reads.lane.read(c.get("deps").sqlite, c.get("user")!.id, read);

/** Sends a staff read through the lane when `isCostly` says its query is costly (a search, a long page). */
export const costlyReadWhen =
  (isCostly: (query: Record<string, string>) => boolean): MiddlewareHandler<AppEnv> =>
  async (c, next) => {
    const user = c.get("user");
    if (!user || !isCostly(c.req.query())) return next();
    await c.get("deps").reads.lane.run(user.id, next);
  };
