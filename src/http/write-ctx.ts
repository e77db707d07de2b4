import type { Context } from "hono";
import type { DbWriteCtx, WriteCtx } from "../deps";
import type { AppEnv } from "./env";
import { actorOf } from "./auth";

/**
 * What a route hands a write verb: the app's deps, who acts, and one reading of the app's clock, so
 * a verb never reads the clock itself and a test that sets the clock sets it for every write.
 */
export const writeCtx = (c: Context<AppEnv>): WriteCtx => ({
  deps: c.get("deps"),
  actor: actorOf(c),
  now: c.get("deps").now(),
});

/** The same for a verb that needs only the database. */
export const dbWriteCtx = (c: Context<AppEnv>): DbWriteCtx => ({
  db: c.get("deps").db,
  actor: actorOf(c),
  now: c.get("deps").now(),
});
