import type { Db } from "../../db/client";
import { log } from "../log";
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
  let running: Promise<void> | null = null;
  let stopped = false;
  let again = false; // a wake during a pass runs one more, so a row committed just after the last claim is not left waiting

  async function pass() {
    if (!sender) return log.info("mail queued; SMTP_URL is not set, so it stays in the outbox");
    for (let row = claimNext(db, now()); row && !stopped; row = claimNext(db, now())) {
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

  const run = (): Promise<void> => {
    if (stopped) return Promise.resolve();
    if (running) {
      again = true;
      return running;
    }
    running = pass()
      .catch((err) => log.error("mail worker pass failed", { error: String(err) }))
      .finally(() => {
        running = null;
        if (again) {
          again = false;
          void run();
        }
      });
    return running;
  };
  if (!sender) log.warn("SMTP_URL is not set: notification e-mails stay queued in the outbox");
  const timer = setInterval(() => sender && void run(), opts.pollMs ?? 15_000);
  if (sender) void run();
  return {
    wake: () => void run(),
    drain: async () => {
      await running;
      await run();
    },
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await running;
      sender?.close();
    },
  };
}
