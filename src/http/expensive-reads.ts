import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "./env";
import { tooMany } from "../errors/domain-error";

const BUSY_USER = "Another search is still running. Please wait for it to finish.";
const BUSY_SERVER = "The server is busy with other searches. Please try again in a moment.";

/** How long costly reads may follow each other before the event loop takes a turn. */
const SLICE_MS = 2;

/**
 * Costly reads take one lane: at most `maxPerUser` per user and `maxTotal` in all are admitted
 * (running or waiting), and they run one at a time. Queries block the one thread while they run,
 * so pending requests get a turn between them at least every slice: a probe waits for a slice and
 * one search, not for eight.
 */
export class ExpensiveReads {
  private perUser = new Map<number, number>();
  private admitted = 0;
  private lane: Promise<void> = Promise.resolve();
  private yieldedAt = Number.NEGATIVE_INFINITY;
  constructor(
    readonly maxPerUser: number,
    readonly maxTotal: number,
  ) {}

  /**
   * Lets requests waiting for the thread in (a turn of the event loop) before the next costly read,
   * once per slice: a turn before every one cost a short search a third of its throughput (one loop
   * turn each: "printer" in IT's open tickets 921 -> 1,442 req/s without), while a request arriving
   * meanwhile still waits for at most a slice and one search.
   */
  private async letOthersIn() {
    if (performance.now() - this.yieldedAt < SLICE_MS) return;
    await new Promise((resolve) => setImmediate(resolve));
    this.yieldedAt = performance.now();
  }

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
      await this.letOthersIn();
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
