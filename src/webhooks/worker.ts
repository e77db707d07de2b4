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
}): WebhookWorker {
  const { db, now, owner } = opts;
  let heldUntil = 0;

  const holdsLease = () => {
    const t = now().getTime();
    if (t < heldUntil - LEASE_MS + RENEW_MS) return true;
    heldUntil = claimLease(db, "webhooks", owner, now(), LEASE_MS) ? t + LEASE_MS : 0;
    return heldUntil > 0;
  };

  async function pass() {
    if (!anythingDue(db, now()) || !holdsLease()) return;
    for (let c = claimDue(db, now()); c && !runner.stopped(); c = holdsLease() ? claimDue(db, now()) : null) {
      const outcome = await attempt(c.row, c.hook, { allowPrivate: opts.allowPrivate, now: now() });
      const { giveUp, delay } = recordAttempt(db, c.row, outcome, now());
      const fields = { deliveryId: c.row.id, webhookId: c.hook.id, attempt: c.row.attempts };
      if (outcome.ok) log.info("webhook delivered", { ...fields, status: outcome.status });
      else
        log.warn(giveUp ? "webhook failed, giving up" : "webhook failed, will retry", {
          ...fields,
          retryInMs: delay,
          error: outcome.error,
        });
      pruneDeliveries(db, c.hook.id);
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
