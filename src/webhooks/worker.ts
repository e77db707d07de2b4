import type { Db } from "../../db/client";
import { claimLease, releaseLease } from "../jobs/lease";
import { passRunner } from "../jobs/pass-runner";
import { log } from "../log";
import { anythingDue, claimDue, pruneDeliveries, recordAttempt } from "./outbox";
import { attempt } from "./send";

/** The job lease outlives a renewal period well, yet a killed sender's work moves on within seconds. */
const LEASE_MS = 15_000;
const RENEW_MS = 5_000;

export type WebhookWorker = { wake: () => void; stop: () => Promise<void>; drain: () => Promise<void> };

/**
 * Sends queued webhook deliveries in exactly one process (the holder of the "webhooks" lease), one at a
 * time, oldest due first. Polls the outbox index cheaply, so deliveries queued by any process are seen.
 */
export function startWebhookWorker(opts: {
  db: Db;
  now: () => Date;
  owner: string;
  allowPrivate: boolean;
  pollMs?: number;
  /** Runs a write when this process has its turn among server processes sharing the file. */
  inWriteTurn?: <T>(write: () => T) => Promise<T>;
}): WebhookWorker {
  const { db, now, owner } = opts;
  const inTurn = opts.inWriteTurn ?? (async <T>(write: () => T) => write());
  let heldUntil = 0;

  const holdsLease = () => {
    const t = now().getTime();
    if (t < heldUntil - LEASE_MS + RENEW_MS) return true;
    heldUntil = claimLease(db, "webhooks", owner, now(), LEASE_MS) ? t + LEASE_MS : 0;
    return heldUntil > 0;
  };

  const claim = () => inTurn(() => (holdsLease() ? claimDue(db, now()) : null));

  async function pass() {
    if (!anythingDue(db, now())) return;
    for (let c = await claim(); c && !runner.stopped(); c = await claim()) {
      const { row, hook } = c;
      const outcome = await attempt(row, hook, { allowPrivate: opts.allowPrivate, now: now() });
      const { giveUp, delay } = await inTurn(() => {
        const recorded = recordAttempt(db, row, outcome, now());
        pruneDeliveries(db, hook.id);
        return recorded;
      });
      const fields = { deliveryId: row.id, webhookId: hook.id, attempt: row.attempts };
      if (outcome.ok) log.info("webhook delivered", { ...fields, status: outcome.status });
      else
        log.warn(giveUp ? "webhook failed, giving up" : "webhook failed, will retry", {
          ...fields,
          retryInMs: delay,
          error: outcome.error,
        });
    }
  }

  const runner = passRunner("webhook worker", pass);
  const timer = setInterval(() => void runner.run(), opts.pollMs ?? 1_000);
  return {
    wake: () => void runner.run(),
    drain: runner.drain,
    stop: async () => {
      clearInterval(timer);
      await runner.stop();
      if (heldUntil) releaseLease(db, "webhooks", owner);
    },
  };
}
