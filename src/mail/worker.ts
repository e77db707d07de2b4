import type { Db } from "../../db/client";
import { log } from "../log";
import { passRunner } from "../jobs/pass-runner";
import type { OutboxRow } from "../../db/schema";
import {
  claimNext,
  DEFAULT_RETRY,
  dropStaleReceipts,
  markRetry,
  markSent,
  nextDueAt,
  type RetryPolicy,
} from "./outbox";
import type { Sender } from "./smtp";
import { withPrivateLink } from "../conversation/link-at-send";
import { withResetLink } from "../auth/reset-tokens";
import { withDigest } from "../notifications/digest";
import { withFiles } from "./attach-files";

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
  /** A fixed sender, or a function asked on every pass for the sender of the current settings. */
  sender: Sender | null | (() => Sender | null);
  pollMs?: number;
  retry?: RetryPolicy;
  /** Absolute links in e-mails start here, asked on every pass; without it, mails with a link are held. */
  publicUrl?: string | (() => string | undefined);
  /** Runs a write when this process has its turn among server processes sharing the file. */
  inWriteTurn?: <T>(write: () => T) => Promise<T>;
  /** Where ticket files are stored, for the attachments of a reply. */
  uploadsDir?: string;
}): MailWorker {
  const { db, now } = opts;
  const senderNow = () => (typeof opts.sender === "function" ? opts.sender() : opts.sender);
  const retry = opts.retry ?? DEFAULT_RETRY;
  const inTurn = opts.inWriteTurn ?? (async <T>(write: () => T) => write());
  const baseNow = () => (typeof opts.publicUrl === "function" ? opts.publicUrl() : opts.publicUrl);
  const claim = (base?: string) => inTurn(() => claimNext(db, now(), !base));
  const withLinks = (row: OutboxRow, base?: string) =>
    inTurn(() =>
      withDigest(db, withResetLink(db, withPrivateLink(db, row, now(), base), now(), base), base),
    ).then((r) => withFiles(db, r, opts.uploadsDir));

  async function pass() {
    const sender = senderNow();
    if (!sender) return log.info("mail queued; SMTP_URL is not set, so it stays in the outbox");
    const dropped = await inTurn(() => dropStaleReceipts(db, now()));
    if (dropped) log.warn("stale receipts dropped before sending", { count: dropped });
    const base = baseNow();
    for (let row = await claim(base); row && !runner.stopped(); row = await claim(base)) {
      const claimed = row;
      try {
        await sender.send(await withLinks(claimed, base));
        await inTurn(() => markSent(db, claimed.id, now()));
        log.info("mail sent", {
          outboxId: row.id,
          attempt: row.attempts,
          to: row.recipients.split(",").length,
        });
      } catch (err) {
        const error = String((err as Error)?.message ?? err);
        const { giveUp, delay } = await inTurn(() => markRetry(db, claimed, error, now(), retry));
        log.warn(giveUp ? "mail failed, giving up" : "mail failed, will retry", {
          outboxId: row.id,
          attempt: row.attempts,
          retryInMs: giveUp ? null : delay,
          error: String(err),
        });
      }
    }
    wakeAtNextDue();
  }

  // A message held for a few seconds (so staff can undo) goes out when its hold ends, not at the next poll.
  let soon: ReturnType<typeof setTimeout> | undefined;
  const wakeAtNextDue = () => {
    const due = nextDueAt(db, now());
    const wait = due && !runner.stopped() ? due.getTime() - now().getTime() : Number.POSITIVE_INFINITY;
    clearTimeout(soon);
    if (wait > 0 && wait < (opts.pollMs ?? 15_000)) soon = setTimeout(() => void runner.run(), wait + 20);
  };
  const runner = passRunner("mail worker", pass);
  if (!senderNow()) log.warn("SMTP is not set up: notification e-mails stay queued in the outbox");
  const timer = setInterval(() => senderNow() && void runner.run(), opts.pollMs ?? 15_000);
  if (senderNow()) void runner.run();
  return {
    wake: () => void runner.run(),
    drain: runner.drain,
    stop: async () => {
      clearInterval(timer);
      clearTimeout(soon);
      await runner.stop();
      if (typeof opts.sender !== "function") opts.sender?.close();
    },
  };
}
