import { and, desc, eq, inArray, lt, lte, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { webhookDeliveries, webhooks, type WebhookDeliveryRow, type WebhookRow } from "../../db/schema";

/** Attempts before a delivery is given up; with the delays below they span about 18 hours. */
export const MAX_ATTEMPTS = 8;
/** Delay after failed attempt n: 1 min · 3^(n-1), at most 12 h (1, 3, 9, 27, 81 min, 4 h, 12 h). */
const retryDelayMs = (attempt: number) => Math.min(60_000 * 3 ** (attempt - 1), 12 * 3600_000);
/** A claimed row is held this long; a process that dies mid-send leaves it to be retried after. */
const CLAIM_MS = 20_000;
/** Finished deliveries kept per webhook for the log. */
const KEEP_PER_HOOK = 50;

export type Claimed = { row: WebhookDeliveryRow; hook: WebhookRow };

/**
 * Takes the oldest due delivery of an active webhook and marks it sending with one more attempt, in one
 * IMMEDIATE transaction, so a delivery is claimed by one sender only and its attempt counted before the POST.
 */
export function claimDue(db: Db, now: Date): Claimed | null {
  return db.transaction(
    (tx) => {
      const due = tx
        .select({ row: webhookDeliveries, hook: webhooks })
        .from(webhookDeliveries)
        .innerJoin(webhooks, eq(webhooks.id, webhookDeliveries.webhookId))
        .where(
          and(
            inArray(webhookDeliveries.status, ["pending", "sending"]),
            lte(webhookDeliveries.nextAttemptAt, now.getTime()),
            eq(webhooks.active, true), // a paused webhook keeps its queue until it is switched on again
          ),
        )
        .orderBy(webhookDeliveries.nextAttemptAt, webhookDeliveries.id)
        .limit(1)
        .get();
      if (!due) return null;
      const row = tx
        .update(webhookDeliveries)
        .set({
          status: "sending",
          attempts: due.row.attempts + 1,
          lastAttemptAt: now.getTime(),
          nextAttemptAt: now.getTime() + CLAIM_MS,
        })
        .where(eq(webhookDeliveries.id, due.row.id))
        .returning()
        .get()!;
      return { row, hook: due.hook };
    },
    { behavior: "immediate" },
  );
}

export type Outcome = { ok: boolean; status: number | null; error: string | null; excerpt: string | null };

/** Records an attempt's outcome: delivered, or pending again after the backoff, or failed after the last. */
export function recordAttempt(db: Db, row: WebhookDeliveryRow, outcome: Outcome, now: Date) {
  const giveUp = !outcome.ok && row.attempts >= MAX_ATTEMPTS;
  const delay = retryDelayMs(row.attempts);
  db.update(webhookDeliveries)
    .set({
      status: outcome.ok ? "delivered" : giveUp ? "failed" : "pending",
      lastStatus: outcome.status,
      lastError: outcome.error?.slice(0, 300) ?? null,
      responseExcerpt: outcome.excerpt,
      nextAttemptAt: outcome.ok || giveUp ? now.getTime() : now.getTime() + delay,
    })
    .where(eq(webhookDeliveries.id, row.id))
    .run();
  return { giveUp, delay: outcome.ok || giveUp ? null : delay };
}

/** Keeps the log short: finished deliveries beyond the newest few per webhook are removed. */
export function pruneDeliveries(db: Db, webhookId: number) {
  const cutoff = db
    .select({ id: webhookDeliveries.id })
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.webhookId, webhookId))
    .orderBy(desc(webhookDeliveries.id))
    .limit(1)
    .offset(KEEP_PER_HOOK)
    .get();
  if (!cutoff) return;
  db.delete(webhookDeliveries)
    .where(
      and(
        eq(webhookDeliveries.webhookId, webhookId),
        lt(webhookDeliveries.id, cutoff.id + 1),
        inArray(webhookDeliveries.status, ["delivered", "failed"]),
      ),
    )
    .run();
}

/** Whether anything is due, read from the index without a write (the worker's cheap poll). */
export const anythingDue = (db: Db, now: Date) =>
  Boolean(
    db
      .select({ one: sql`1` })
      .from(webhookDeliveries)
      .innerJoin(webhooks, eq(webhooks.id, webhookDeliveries.webhookId))
      .where(
        and(
          inArray(webhookDeliveries.status, ["pending", "sending"]),
          lte(webhookDeliveries.nextAttemptAt, now.getTime()),
          eq(webhooks.active, true),
        ),
      )
      .limit(1)
      .get(),
  );
