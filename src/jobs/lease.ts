import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { appSettings } from "../../db/schema";

type Lease = { owner: string; expiresAt: number };

/**
 * Exactly one process runs a background job: the holder of its lease, a row renewed while the job runs.
 * A process that dies stops renewing, and another takes the job over once the lease has expired.
 * Claimed in an IMMEDIATE transaction, so two processes never both see it free.
 */
export function claimLease(db: Db, job: string, owner: string, now: Date, ttlMs: number): boolean {
  const key = `lease:${job}`;
  return db.transaction(
    (tx) => {
      const row = tx.select().from(appSettings).where(eq(appSettings.key, key)).get();
      const held = row ? (JSON.parse(row.value) as Lease) : null;
      if (held && held.owner !== owner && held.expiresAt > now.getTime()) return false;
      const value = JSON.stringify({ owner, expiresAt: now.getTime() + ttlMs } satisfies Lease);
      tx.insert(appSettings)
        .values({ key, value, updatedAt: now })
        .onConflictDoUpdate({ target: appSettings.key, set: { value, updatedAt: now } })
        .run();
      return true;
    },
    { behavior: "immediate" },
  );
}

/** Gives the job up at once (clean shutdown), so another process need not wait for the lease to run out. */
export function releaseLease(db: Db, job: string, owner: string) {
  db.transaction(
    (tx) => {
      const key = `lease:${job}`;
      const row = tx.select().from(appSettings).where(eq(appSettings.key, key)).get();
      if (row && (JSON.parse(row.value) as Lease).owner === owner)
        tx.delete(appSettings).where(eq(appSettings.key, key)).run();
    },
    { behavior: "immediate" },
  );
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
