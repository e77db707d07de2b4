import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "./env";
import { tooMany } from "../errors/domain-error";

const BUSY_USER = "Another search is still running. Please wait for it to finish.";
const BUSY_SERVER = "The server is busy with other searches. Please try again in a moment.";

/** Counts costly reads in progress, per user and in all (one process: in memory). */
export class ExpensiveReads {
  private perUser = new Map<number, number>();
  private running = 0;
  constructor(
    readonly maxPerUser: number,
    readonly maxTotal: number,
  ) {}

  /** Takes a slot or throws 429; the returned function gives it back. */
  enter(userId: number): () => void {
    const mine = this.perUser.get(userId) ?? 0;
    if (mine >= this.maxPerUser) throw tooMany(1, BUSY_USER);
    if (this.running >= this.maxTotal) throw tooMany(1, BUSY_SERVER);
    this.perUser.set(userId, mine + 1);
    this.running++;
    let done = false;
    return () => {
      if (done) return;
      done = true;
      this.running--;
      const left = (this.perUser.get(userId) ?? 1) - 1;
      if (left > 0) this.perUser.set(userId, left);
      else this.perUser.delete(userId);
    };
  }
}

/**
 * Gates a staff read when `isExpensive` says its query is costly (a search term, a long page).
 * Queries run synchronously on the one thread, so the gate yields once after taking its slot:
 * requests that arrived together all reach the gate before the first query starts.
 */
export const expensiveRead =
  (isExpensive: (query: Record<string, string>) => boolean): MiddlewareHandler<AppEnv> =>
  async (c, next) => {
    const user = c.var.user;
    if (!user || !isExpensive(c.req.query())) return next();
    const release = c.var.deps.expensiveReads.enter(user.id);
    try {
      await new Promise((resolve) => setImmediate(resolve));
      await next();
    } finally {
      release();
    }
  };
