import { Database } from "bun:sqlite";
import { dirname, join } from "node:path";
import { type Db, sqliteOf } from "../../db/client";

/**
 * The leases live in a small file of their own beside the database: a renewal every few seconds written
 * into the database itself would count as a change, and drop every answer the read cache keeps.
 */
const stores = new WeakMap<Database, ReturnType<typeof openStore>>();
function openStore(path: string) {
  const file = new Database(path, { create: true });
  file.exec("PRAGMA busy_timeout = 8000");
  file.exec("PRAGMA journal_mode = WAL");
  // a lease lost to a power cut is taken again on start: nothing here needs to reach the disk
  file.exec("PRAGMA synchronous = OFF");
  file.exec(
    "CREATE TABLE IF NOT EXISTS leases (job TEXT PRIMARY KEY, owner TEXT NOT NULL, expires_at INTEGER NOT NULL) WITHOUT ROWID",
  );
  return {
    // one statement: two processes never both find the lease free
    claim: file.prepare(
      `INSERT INTO leases (job, owner, expires_at) VALUES (?1, ?2, ?3 + ?4)
       ON CONFLICT(job) DO UPDATE SET owner = excluded.owner, expires_at = excluded.expires_at
       WHERE leases.owner = excluded.owner OR leases.expires_at <= ?3`,
    ),
    release: file.prepare("DELETE FROM leases WHERE job = ? AND owner = ?"),
  };
}
const storeOf = (db: Db) => {
  const sqlite = sqliteOf(db);
  let store = stores.get(sqlite);
  if (!store) {
    store = openStore(join(dirname(sqlite.filename), "leases.sqlite"));
    stores.set(sqlite, store);
  }
  return store;
};

/**
 * Exactly one process runs a background job: the holder of its lease, a row renewed while the job runs.
 * A process that dies stops renewing, and another takes the job over once the lease has expired.
 */
export function claimLease(db: Db, job: string, owner: string, now: Date, ttlMs: number): boolean {
  return storeOf(db).claim.run(job, owner, now.getTime(), ttlMs).changes > 0;
}

/** Gives the job up at once (clean shutdown), so another process need not wait for the lease to run out. */
export function releaseLease(db: Db, job: string, owner: string) {
  storeOf(db).release.run(job, owner);
}

/** A name for this process's claims: unique per start, so a restarted server never mistakes an old lease for its own. */
export const processOwner = () => `${process.pid}-${crypto.randomUUID().slice(0, 8)}`;

type Running = { stop: () => Promise<void> | void };

/**
 * Runs `start`'s job only while this process holds its lease: claimed now and renewed every `renewMs`;
 * lost (another process took it after a stall), the job stops; a clean stop gives the lease back.
 */
export function whileLeased(
  o: { db: Db; now: () => Date; job: string; owner: string; ttlMs?: number; renewMs?: number },
  start: () => Running | undefined,
): Running & { held: () => boolean } {
  const ttl = o.ttlMs ?? 30_000;
  let running: Running | undefined;
  let mine = false;
  const tick = () => {
    try {
      mine = claimLease(o.db, o.job, o.owner, o.now(), ttl);
    } catch {
      return; // a busy database: nothing changes until the next tick
    }
    if (mine && !running) running = start();
    if (!mine && running) {
      const stopping = running;
      running = undefined;
      void stopping.stop();
    }
  };
  tick();
  const timer = setInterval(tick, o.renewMs ?? ttl / 3);
  return {
    held: () => mine && running !== undefined,
    stop: async () => {
      clearInterval(timer);
      await running?.stop();
      running = undefined;
      if (mine) releaseLease(o.db, o.job, o.owner);
    },
  };
}
