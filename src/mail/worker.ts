import type { Db } from "../../db/client";
import { log } from "../log";
import { passRunner } from "../jobs/pass-runner";
import { claimNext, DEFAULT_RETRY, markRetry, markSent, type RetryPolicy } from "./outbox";
import type { Sender } from "./smtp";
import { withPrivateLink } from "../conversation/link-at-send";
import { withResetLink } from "../auth/reset-tokens";

export type MailWorker = {
  wake: () => void;
  stop: () => Promise<void> /** Runs one pass now; for tests. */;
  drain: () => Promise<void>;
};

/**
 * Sends due outbox rows one at a time; a failure is retried with backoff,
 * so nothing is lost while the mail server is down. Without a sender, mail stays queued.
 */
export function startMailWorker(opts: {
  db: Db;
  now: () => Date;
  sender: Sender | null;
  pollMs?: number;
  retry?: RetryPolicy;
  /** Absolute links in requester mails start here. */
  publicUrl?: string;
}): MailWorker {
  const { db, now, sender } = opts;
  const retry = opts.retry ?? DEFAULT_RETRY;

  async function pass() {
    if (!sender) return log.info("mail queued; SMTP_URL is not set, so it stays in the outbox");
    for (let row = claimNext(db, now()); row && !runner.stopped(); row = claimNext(db, now())) {
      try {
        await sender.send(
          withResetLink(db, withPrivateLink(db, row, now(), opts.publicUrl), now(), opts.publicUrl),
        );
        markSent(db, row.id, now());
        log.info("mail sent", {
          outboxId: row.id,
          attempt: row.attempts,
          to: row.recipients.split(",").length,
        });
      } catch (err) {
        const { giveUp, delay } = markRetry(db, row, String((err as Error)?.message ?? err), now(), retry);
        log.warn(giveUp ? "mail failed, giving up" : "mail failed, will retry", {
          outboxId: row.id,
          attempt: row.attempts,
          retryInMs: giveUp ? null : delay,
          error: String(err),
        });
      }
    }
  }

  const runner = passRunner("mail worker", pass);
  if (!sender) log.warn("SMTP_URL is not set: notification e-mails stay queued in the outbox");
  const timer = setInterval(() => sender && void runner.run(), opts.pollMs ?? 15_000);
  if (sender) void runner.run();
  return {
    wake: () => void runner.run(),
    drain: runner.drain,
    stop: async () => {
      clearInterval(timer);
      await runner.stop();
      sender?.close();
    },
  };
}
