import type { Deps } from "../deps";
import { purgeExpiredSessions } from "../auth/sessions";
import { log } from "../log";
import { startBackupJob } from "../backup-job";
import { startMailWorker } from "../mail/worker";
import { createSmtpSender } from "../mail/smtp";
import { startInboundJob } from "../conversation/inbound-job";
import { processOwner } from "./lease";
import { startWebhookWorker } from "../webhooks/worker";

export type Job = { stop: () => Promise<void> | void };

/** Periodic work of the running server; each worker is started here (mail outbox, webhooks, backups). */
export function startBackgroundJobs(deps: Deps): Job {
  const jobs: Job[] = [];
  const purge = setInterval(() => {
    try {
      purgeExpiredSessions(deps.db, deps.now());
    } catch (err) {
      log.warn("session purge failed", { error: String(err) });
    }
  }, 60 * 60_000);
  jobs.push({ stop: () => clearInterval(purge) });
  const { smtpUrl, from } = deps.config.mail;
  const mailer = startMailWorker({
    db: deps.db,
    now: deps.now,
    sender: smtpUrl ? createSmtpSender(smtpUrl, from) : null,
    publicUrl: deps.config.publicUrl,
  });
  deps.wakeMailer = mailer.wake; // new tickets are sent at once instead of at the next poll
  jobs.push(mailer);
  const webhooks = startWebhookWorker({
    db: deps.db,
    now: deps.now,
    owner: processOwner(),
    allowPrivate: deps.config.webhooks.allowPrivate,
  });
  deps.wakeWebhooks = webhooks.wake;
  jobs.push(webhooks);
  const inbound = startInboundJob(deps, processOwner());
  if (inbound) jobs.push(inbound);
  const backups = startBackupJob(deps.config);
  if (backups) jobs.push(backups);
  return { stop: async () => void (await Promise.all(jobs.map((j) => j.stop()))) };
}
