import type { Deps } from "../deps";
import { purgeExpiredSessions } from "../auth/sessions";
import { log } from "../log";
import { parseInterval, startBackupJob } from "../backup-job";
import { startMailWorker } from "../mail/worker";
import { liveSender } from "../mail/live-sender";
import { currentSmtp } from "../settings/mail-transport";
import { startInboundJob } from "../conversation/inbound-job";
import { processOwner, whileLeased } from "./lease";
import { onSiblingMessage, tellSiblings } from "../workers/ipc";
import { startWebhookWorker } from "../webhooks/worker";
import { DIRECTORY_RECHECK_MS, recheckDirectoryUsers } from "../auth/sso/directory-recheck";
import { startReplicationJob } from "../replication/replication-job";
import { startTimeRulesJob } from "../automation/time-job";
import { startDueWatch } from "../notifications/due-watch";
import { startNewTicketMail } from "../notifications/new-ticket-mail";
import { publicUrlOf } from "../settings/public-address";
import { startSearchMerge } from "./search-merge";

export type Job = { stop: () => Promise<void> | void };

function startSessionPurge(deps: Deps): Job {
  const purge = setInterval(() => {
    try {
      purgeExpiredSessions(deps.db, deps.now());
    } catch (err) {
      log.warn("session purge failed", { error: String(err) });
    }
  }, 60 * 60_000);
  return { stop: () => clearInterval(purge) };
}

/** Each process writes its own pending article views, every few seconds and once more as it stops. */
function startViewFlush(deps: Deps): Job {
  const flush = () =>
    deps.articleViews
      .flush((apply) => deps.groupCommit.run(apply))
      .catch((err) => log.warn("article views not written yet", { error: String(err) }));
  const timer = setInterval(flush, VIEW_FLUSH_MS);
  return {
    stop: () => {
      clearInterval(timer);
      return flush();
    },
  };
}
const VIEW_FLUSH_MS = 5_000;

function startDirectoryRecheck(deps: Deps): Job {
  const timer = setInterval(() => {
    recheckDirectoryUsers(deps).catch((err) => log.warn("directory re-check failed", { error: String(err) }));
  }, DIRECTORY_RECHECK_MS);
  return { stop: () => clearInterval(timer) };
}

/**
 * Periodic work of the running server (mail outbox, webhooks, inbound mail, backups, session purge). Each job
 * runs in exactly one server process, the holder of its lease; another takes it over if that one dies.
 */
export function startBackgroundJobs(deps: Deps): Job {
  const owner = processOwner();
  const leased = (job: string, start: () => Job | undefined) =>
    whileLeased({ db: deps.db, now: deps.now, job, owner }, start);
  let mailer: ReturnType<typeof startMailWorker> | undefined;
  const mail = leased("mail", () => {
    const live = liveSender(() => currentSmtp(deps));
    const worker = startMailWorker({
      db: deps.db,
      now: deps.now,
      sender: live.get,
      publicUrl: () => publicUrlOf(deps),
      inWriteTurn: (write) => deps.groupCommit.inTurn(write),
      uploadsDir: deps.config.uploadsDir,
    });
    mailer = { ...worker, stop: () => worker.stop().finally(live.close) };
    return mailer;
  });
  // New mail is sent at once rather than at the next poll, by whichever process runs the mailer.
  const wakeHere = () => (mail.held() ? mailer?.wake() : undefined);
  deps.wakeMailer = () => (mail.held() ? mailer?.wake() : tellSiblings({ type: "wake-mailer" }));
  const unsubscribe = onSiblingMessage("wake-mailer", wakeHere);
  const jobs: Job[] = [mail, leased("session-purge", () => startSessionPurge(deps)), startViewFlush(deps)];
  jobs.push(leased("directory-recheck", () => startDirectoryRecheck(deps)));
  jobs.push(leased("automation-time", () => startTimeRulesJob(deps)));
  jobs.push(leased("due-notifications", () => startDueWatch(deps)));
  jobs.push(leased("new-ticket-mail", () => startNewTicketMail(deps)));
  jobs.push(leased("search-merge", () => startSearchMerge(deps)));
  // the webhook sender holds a lease of its own: started everywhere, it sends from one process only
  const webhooks = startWebhookWorker({
    db: deps.db,
    now: deps.now,
    owner,
    allowPrivate: deps.config.webhooks.allowPrivate,
    inWriteTurn: (write) => deps.groupCommit.inTurn(write),
  });
  deps.wakeWebhooks = webhooks.wake;
  jobs.push(webhooks);
  const inbound = startInboundJob(deps, owner);
  if (inbound) jobs.push(inbound);
  if (parseInterval(deps.config.backup.interval) > 0)
    jobs.push(leased("backup", () => startBackupJob(deps.config)));
  const { litestream, uploadsCopyDir } = deps.config.replication;
  if (litestream || uploadsCopyDir)
    jobs.push(leased("replication", () => startReplicationJob(deps.config, deps.now)));
  return {
    stop: async () => {
      unsubscribe();
      await Promise.all(jobs.map((j) => j.stop()));
    },
  };
}
