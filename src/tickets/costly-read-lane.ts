import type { Database } from "bun:sqlite";
import { tooMany } from "../errors/domain-error";
import { NotQuick, quickly } from "../../db/query-budget";

const BUSY_USER = "Another search is still running. Please wait for it to finish.";
const BUSY_SERVER = "The server is busy with other searches. Please try again in a moment.";
/** Where costly reads are asked for: staff lists and their breakdown, with a search or a long page. */
const LISTS = new Set(["/api/admin/tickets", "/api/admin/tickets/breakdown"]);
/** How long a costly read may hold the thread when tried at once, before it goes to the lane. */
const QUICK_MS = 0.5;
/** Costly reads are tried at once only while no other kind of request came in for this long. */
const OTHERS_MS = 20;

/**
 * The costly-read lane: at most `maxPerUser` per user and `maxTotal` in all are admitted (running
 * or waiting), and they run one at a time, each after pending requests had their turn, since a
 * query blocks the one thread while it runs.
 */
export class CostlyReadLane {
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

  /** Notes a request as it arrives, before it is routed: any but a staff list or breakdown is "other". */
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

  /**
   * A costly read: answered at once when nothing else is being asked of the server and `read`
   * (synchronous queries whose rows the query budget counts) finishes within QUICK_MS; else run, or
   * started over, in the lane. Whatever it cached on the way stays cached.
   */
  async read<T>(sqlite: Database, userId: number, read: () => T): Promise<T> {
    if (!this.othersAround())
      try {
        return quickly(sqlite, QUICK_MS, read);
      } catch (error) {
        if (!(error instanceof NotQuick)) throw error;
      }
    return this.run(userId, async () => read());
  }
}
