import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "./env";
import { tooMany } from "../errors/domain-error";

const BUSY_USER = "Another search is still running. Please wait for it to finish.";
const BUSY_SERVER = "The server is busy with other searches. Please try again in a moment.";

/**
 * Costly reads take one lane: at most `maxPerUser` per user and `maxTotal` in all are admitted
 * (running or waiting), and they run one at a time. Queries block the one thread while they run,
 * so each starts only after pending requests had their turn: a probe waits for one search, not eight.
 */
export class ExpensiveReads {
  private perUser = new Map<number, number>();
  private admitted = 0;
  private lane: Promise<void> = Promise.resolve();
  constructor(
    readonly maxPerUser: number,
    readonly maxTotal: number,
  ) {}

  async run<T>(userId: number, work: () => Promise<T>): Promise<T> {
    const mine = this.perUser.get(userId) ?? 0;
    if (mine >= this.maxPerUser) throw tooMany(1, BUSY_USER);
    if (this.admitted >= this.maxTotal) throw tooMany(1, BUSY_SERVER);
    this.perUser.set(userId, mine + 1);
    this.admitted++;
    const previous = this.lane;
    let done = () => {};
    this.lane = new Promise((resolve) => {
      done = resolve;
    });
    try {
      await previous;
      await new Promise((resolve) => setImmediate(resolve)); // let waiting requests in first
      return await work();
    } finally {
      done();
      this.admitted--;
      const left = (this.perUser.get(userId) ?? 1) - 1;
      if (left > 0) this.perUser.set(userId, left);
      else this.perUser.delete(userId);
    }
  }
}

/** Sends a staff read through the lane when `isExpensive` says its query is costly (a search, a long page). */
export const expensiveRead =
  (isExpensive: (query: Record<string, string>) => boolean): MiddlewareHandler<AppEnv> =>
  async (c, next) => {
    const user = c.get("user");
    if (!user || !isExpensive(c.req.query())) return next();
    await c.get("deps").expensiveReads.run(user.id, next);
  };
