import type { Context, MiddlewareHandler } from "hono";
import type { AppEnv } from "./env";
import { tooMany } from "../errors/domain-error";
import { sqliteOf } from "../../db/client";
import { NotQuick, quickly } from "../../db/query-budget";

const BUSY_USER = "Another search is still running. Please wait for it to finish.";
const BUSY_SERVER = "The server is busy with other searches. Please try again in a moment.";
/** Where costly reads are asked for: staff lists and their breakdown, with a search or a long page. */
const LISTS = new Set(["/api/admin/tickets", "/api/admin/tickets/breakdown"]);

/**
 * Costly reads take one lane: at most `maxPerUser` per user and `maxTotal` in all are admitted
 * (running or waiting), and they run one at a time. Queries block the one thread while they run,
 * so each starts only after pending requests had their turn: a probe waits for one search, not eight.
 */
export class ExpensiveReads {
  private perUser = new Map<number, number>();
  private admitted = 0;
  private lane: Promise<void> = Promise.resolve();
  /** When a request other than a staff list or breakdown last arrived (the app notes each). */
  private othersAt = Number.NEGATIVE_INFINITY;
  constructor(
    readonly maxPerUser: number,
    readonly maxTotal: number,
    /** The app's clock in ms (tests move it by hand). */
    private readonly ms: () => number = Date.now,
  ) {}

  /**
   * Notes a request as it arrives, before it is routed: any but a staff list or breakdown (the reads
   * searches are) is one that searches answered at once would hold up.
   */
  arrived(method: string, path: string) {
    if (method !== "GET" || !LISTS.has(path)) this.othersAt = this.ms();
  }

  /** Whether a request other than a staff list or breakdown arrived within the last OTHERS_MS. */
  othersAround(): boolean {
    return this.ms() - this.othersAt < OTHERS_MS;
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

/**
 * How long a costly read may hold the thread when tried at once. Most searches asked again before a
 * write find their page and count kept and take ~0.1 ms; sending them through the lane too cost
 * more than the read (a turn of the event loop each: 2,132 against 5,099 req/s for one kept search).
 */
const QUICK_MS = 0.5;
/**
 * Searches are tried at once only while no other kind of request came in for this long. Each one
 * tried at once is served in its turn with everything else, so while the portal is being used,
 * eight searchers answered at once took most of the thread (2,926 searches/s) and the portal's p99
 * went from 3 to 11 ms; in the lane they wait for it.
 */
const OTHERS_MS = 20;

/**
 * A staff search: answered at once when nothing else is being asked of the server and `read`
 * (synchronous queries whose rows the query budget counts) finishes within QUICK_MS; else run, or
 * started over, in the lane (what it kept on the way stays kept).
 */
export async function costlyRead<T>(c: Context<AppEnv>, read: () => T): Promise<T> {
  const deps = c.get("deps");
  const reads = deps.expensiveReads;
  if (!reads.othersAround())
    try {
      return quickly(sqliteOf(deps.db), QUICK_MS, read);
    } catch (error) {
      if (!(error instanceof NotQuick)) throw error;
    }
  return reads.run(c.get("user")!.id, async () => read());
}

/** Sends a staff read through the lane when `isExpensive` says its query is costly (a search, a long page). */
export const expensiveRead =
  (isExpensive: (query: Record<string, string>) => boolean): MiddlewareHandler<AppEnv> =>
  async (c, next) => {
    const user = c.get("user");
    if (!user || !isExpensive(c.req.query())) return next();
    await c.get("deps").expensiveReads.run(user.id, next);
  };
