import type { Database, Statement } from "bun:sqlite";
import type { Db, Tx } from "./client";
import type { BatchEdges } from "./search-index";

type Job = { work: (tx: Tx) => unknown; resolve: (value: unknown) => void; reject: (error: unknown) => void };
type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown };
/** Waits for this process's turn to write among processes sharing the file; resolves with its release. */
export type TakeTurn = () => Promise<() => void>;

/**
 * Writes arriving during a commit share the next transaction, so one fsync acknowledges many; a promise
 * settles only after the COMMIT holding its write. A failed write reruns its batch with a savepoint per
 * write, so a write may run twice and must keep its effects in the database only.
 */
export class GroupCommit {
  private queue: Job[] = [];
  private scheduled = false;
  private savepoint: { open: Statement; release: Statement; undo: Statement } | null = null;
  /** Whether the last batch got its write lock (BEGIN IMMEDIATE returned). */
  private began = false;
  /** Commits written and writes they held, for tests and the bench. */
  readonly stats = { commits: 0, writes: 0, largest: 0, retried: 0 };

  constructor(
    private readonly db: Db,
    private readonly sqlite: Database,
    readonly maxBatch = 64,
    private readonly takeTurn?: TakeTurn,
    /** Run inside each batch's transaction, first and last (the app's: the search index, once per batch). */
    private readonly edges?: (sqlite: Database) => BatchEdges,
  ) {}

  /** Runs `work` (synchronous, no await inside) in the next shared transaction; resolves after its commit. */
  run<T>(work: (tx: Tx) => T): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ work, resolve: resolve as (v: unknown) => void, reject });
      this.schedule();
    });
  }

  /** Runs a write that manages its own transaction when this process has its turn to write. */
  async inTurn<T>(write: () => T): Promise<T> {
    if (!this.takeTurn) return write();
    const release = await this.takeTurn();
    try {
      return write();
    } finally {
      release();
    }
  }

  private schedule() {
    if (this.scheduled || this.queue.length === 0) return;
    this.scheduled = true;
    if (this.takeTurn) return void this.flushInTurn(this.takeTurn);
    // setImmediate runs after the requests already read from the sockets reached run().
    setImmediate(() => {
      this.scheduled = false;
      this.flush(this.queue.splice(0, this.maxBatch));
      this.schedule();
    });
  }

  /**
   * With other processes writing the same file, the batch waits for its turn without blocking this
   * process (SQLite's own wait sleeps the whole event loop), and takes what arrived meanwhile.
   */
  private async flushInTurn(takeTurn: TakeTurn) {
    let release: () => void;
    try {
      release = await takeTurn();
    } catch (error) {
      for (const job of this.queue.splice(0, this.maxBatch)) job.reject(error);
      this.scheduled = false;
      return this.schedule();
    }
    try {
      this.flush(this.queue.splice(0, this.maxBatch));
    } finally {
      release();
      this.scheduled = false;
    }
    this.schedule();
  }

  private flush(batch: Job[]) {
    let outcomes: Outcome[];
    try {
      outcomes = this.commitTogether(batch);
    } catch (error) {
      // Nothing of the batch is stored. A lone write, or a lock never obtained, fails as it stands;
      // otherwise each write gets a transaction of its own, so one bad write cannot fail the rest.
      outcomes =
        batch.length === 1 || !this.began
          ? batch.map(() => ({ ok: false, error }))
          : batch.map((job) => this.commitAlone(job));
    }
    batch.forEach((job, i) => {
      const o = outcomes[i]!;
      if (o.ok) job.resolve(o.value);
      else job.reject(o.error);
    });
  }

  /** One IMMEDIATE transaction for a batch, with the batch's edges around its writes. */
  private inBatch<T>(writes: (tx: Tx) => T): T {
    this.began = false;
    return this.db.transaction(
      (tx) => {
        this.began = true;
        const edges = this.edges?.(this.sqlite);
        edges?.open();
        const result = writes(tx);
        edges?.close();
        return result;
      },
      { behavior: "immediate" },
    );
  }

  /**
   * Most batches hold no failing write, and a savepoint costs about what a small write does: the bare
   * run commits them without any. Null when a write failed (the transaction is rolled back).
   */
  private commitBare(batch: Job[]): Outcome[] | null {
    try {
      const values = this.inBatch((tx) => batch.map((job) => job.work(tx)));
      this.count(batch.length);
      return values.map((value) => ({ ok: true, value }));
    } catch (error) {
      if (!this.began) throw error; // no lock: the batch fails as the savepoint run would
      this.stats.retried++;
      return null;
    }
  }

  private commitTogether(batch: Job[]): Outcome[] {
    if (batch.length > 1) {
      const bare = this.commitBare(batch);
      if (bare) return bare;
    }
    const sp = this.statements();
    const outcomes = this.inBatch((tx) =>
      batch.map((job): Outcome => {
        sp.open.run();
        try {
          const value = job.work(tx);
          sp.release.run();
          return { ok: true, value };
        } catch (error) {
          // Some errors (disk full, I/O) end the whole transaction: then the batch fails as one.
          if (!this.sqlite.inTransaction) throw error;
          sp.undo.run();
          sp.release.run();
          return { ok: false, error };
        }
      }),
    );
    this.count(batch.length);
    return outcomes;
  }

  private commitAlone(job: Job): Outcome {
    try {
      const value = this.db.transaction((tx) => job.work(tx), { behavior: "immediate" });
      this.count(1);
      return { ok: true, value };
    } catch (error) {
      return { ok: false, error };
    }
  }

  private count(writes: number) {
    this.stats.commits++;
    this.stats.writes += writes;
    this.stats.largest = Math.max(this.stats.largest, writes);
  }

  private statements() {
    this.savepoint ??= {
      open: this.sqlite.prepare("SAVEPOINT one_write"),
      release: this.sqlite.prepare("RELEASE one_write"),
      undo: this.sqlite.prepare("ROLLBACK TO one_write"),
    };
    return this.savepoint;
  }
}
