import { and, count, desc, eq, gt, inArray, isNotNull, lt, lte, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { mailOutbox, type OutboxRow } from "../../db/schema";
import type { OutboxStatusDto } from "../shared/dto";

/** A claimed row is leased this long; a crash mid-send lets another run retry it after the lease. */
const LEASE_MS = 5 * 60_000;

/** A message whose body has a slot for a link minted at send time (every slot is marked by U+2063). */
const withLinkSlot = sql`instr(${mailOutbox.textBody}, char(8291)) > 0`;
const waiting = inArray(mailOutbox.status, ["pending", "sending"]);

/**
 * Takes the oldest due message and leases it, in one IMMEDIATE transaction so two workers never share one.
 * Without a public address, messages with a link stay queued rather than go out with a link that cannot work.
 */
export function claimNext(db: Db, now: Date, holdLinked = false): OutboxRow | null {
  return db.transaction(
    (tx) => {
      const due = tx
        .select()
        .from(mailOutbox)
        .where(
          and(waiting, lte(mailOutbox.nextAttemptAt, now), holdLinked ? sql`not ${withLinkSlot}` : undefined),
        )
        .orderBy(mailOutbox.nextAttemptAt, mailOutbox.id)
        .limit(1)
        .get();
      if (!due) return null;
      return tx
        .update(mailOutbox)
        .set({
          status: "sending",
          attempts: due.attempts + 1,
          nextAttemptAt: new Date(now.getTime() + LEASE_MS),
        })
        .where(eq(mailOutbox.id, due.id))
        .returning()
        .get()!;
    },
    { behavior: "immediate" },
  );
}

/** When the next message not yet due falls due (a held or retried one); null when none waits. */
export function nextDueAt(db: Db, now: Date): Date | null {
  const row = db
    .select({ at: sql<number | null>`min(${mailOutbox.nextAttemptAt})` })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.status, "pending"), gt(mailOutbox.nextAttemptAt, now)))
    .get();
  return row?.at == null ? null : new Date(row.at);
}

export const markSent = (db: Db, id: number, now: Date) =>
  db
    .update(mailOutbox)
    .set({ status: "sent", sentAt: now, lastError: null })
    .where(eq(mailOutbox.id, id))
    .run();

/** Exponential backoff (base·2^(n-1), capped); after the last attempt the message is marked failed. */
export function markRetry(db: Db, row: OutboxRow, error: string, now: Date, policy: RetryPolicy) {
  const giveUp = row.attempts >= policy.maxAttempts;
  const delay = Math.min(policy.baseDelayMs * 2 ** (row.attempts - 1), policy.maxDelayMs);
  db.update(mailOutbox)
    .set({
      status: giveUp ? "failed" : "pending",
      lastError: error.slice(0, 500),
      nextAttemptAt: new Date(now.getTime() + delay),
    })
    .where(eq(mailOutbox.id, row.id))
    .run();
  return { giveUp, delay };
}

/** A receipt this old tells the requester nothing they need; sent late in a backlog, it only confuses. */
const STALE_RECEIPT_MS = 24 * 3600_000;
const staleReceipts = (now: Date) =>
  and(
    eq(mailOutbox.kind, "submitter_confirmation"),
    inArray(mailOutbox.status, ["pending", "sending"]),
    lt(mailOutbox.createdAt, new Date(now.getTime() - STALE_RECEIPT_MS)),
  );

/** Before sending resumes (first set-up or an outage), receipts older than a day are dropped and counted. */
export function dropStaleReceipts(db: Db, now: Date): number {
  return db
    .update(mailOutbox)
    .set({ status: "dropped", lastError: null })
    .where(staleReceipts(now))
    .returning({ id: mailOutbox.id })
    .all().length;
}

export type RetryPolicy = { baseDelayMs: number; maxDelayMs: number; maxAttempts: number };
export const DEFAULT_RETRY: RetryPolicy = { baseDelayMs: 30_000, maxDelayMs: 60 * 60_000, maxAttempts: 10 };

/** Counts per state and the latest error, for the Email tab. */
export function outboxStatus(
  db: Db,
  smtpConfigured: boolean,
  now = new Date(),
  hasPublicUrl = true,
): OutboxStatusDto {
  const rows = db
    .select({ status: mailOutbox.status, n: count() })
    .from(mailOutbox)
    .groupBy(mailOutbox.status)
    .all();
  const n = (s: string) => rows.find((r) => r.status === s)?.n ?? 0;
  const last = db
    .select({ lastError: mailOutbox.lastError })
    .from(mailOutbox)
    .where(and(isNotNull(mailOutbox.lastError), inArray(mailOutbox.status, ["pending", "sending", "failed"])))
    .orderBy(desc(mailOutbox.id))
    .limit(1)
    .get();
  return {
    smtpConfigured,
    pending: n("pending") + n("sending"),
    sent: n("sent"),
    failed: n("failed"),
    dropped: n("dropped"),
    staleWaiting: db.select({ n: count() }).from(mailOutbox).where(staleReceipts(now)).get()?.n ?? 0,
    lastError: last?.lastError ?? null,
    heldForAddress: hasPublicUrl ? 0 : heldForAddress(db),
  };
}

/** Messages with a link waiting for the help desk's public address. */
export const heldForAddress = (db: Db) =>
  db.select({ n: count() }).from(mailOutbox).where(and(waiting, withLinkSlot)).get()?.n ?? 0;
