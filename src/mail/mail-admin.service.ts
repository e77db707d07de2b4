import { count, eq, gte } from "drizzle-orm";
import type { Db } from "../../db/client";
import { inboundSkips, mailOutbox } from "../../db/schema";
import { type Actor, recordAudit } from "../audit/audit.service";
import { getInboundStatus } from "../conversation/inbound-status";
import { getMailSettings, saveMailSettings } from "../settings/mail-settings";
import type { MailHealthDto, MailSettingsDto } from "../shared/dto";
import { compose } from "./compose";
import { outboxStatus } from "./outbox";

type Ctx = { db: Db; actor: Actor; now: Date };

/** Settings → Email switches; the old and new values go to the audit trail. */
export function updateMailSettings({ db, actor, now, input }: Ctx & { input: MailSettingsDto }) {
  return db.transaction((tx) => {
    const before = getMailSettings(tx);
    saveMailSettings(tx, input, now);
    recordAudit(
      tx,
      actor,
      { action: "updated", entityType: "mail_settings", oldValue: before, newValue: input },
      now,
    );
    return input;
  });
}

/** Outbound queue and inbound reader at a glance, for the Email tab. */
export function mailHealth(
  db: Db,
  config: { smtpConfigured: boolean; inboundConfigured: boolean; hasPublicUrl?: boolean },
  now: Date,
): MailHealthDto {
  const weekAgo = new Date(now.getTime() - 7 * 24 * 3600_000);
  const skipped =
    db.select({ n: count() }).from(inboundSkips).where(gte(inboundSkips.createdAt, weekAgo)).get()?.n ?? 0;
  return {
    outbound: outboxStatus(db, config.smtpConfigured, now, config.hasPublicUrl),
    inbound: { configured: config.inboundConfigured, ...getInboundStatus(db), skippedLastWeek: skipped },
  };
}

/** A test message to the given address through the same outbox and worker as every other mail. */
export function queueTestMail({ db, actor, now, to }: Ctx & { to: string }) {
  const mail = compose("Helpdesk test e-mail", [
    { p: "This is a test message from your help desk. If you can read it, outgoing e-mail works." },
  ]);
  db.transaction((tx) => {
    tx.insert(mailOutbox)
      .values({
        kind: "test",
        recipients: to,
        subject: mail.subject,
        textBody: mail.text,
        htmlBody: mail.html,
        nextAttemptAt: now,
        createdAt: now,
      })
      .run();
    recordAudit(tx, actor, { action: "test_mail_queued", entityType: "mail", newValue: { to } }, now);
  });
}

/** Failed messages get a fresh set of attempts, due now. */
export function retryFailedMail({ db, actor, now }: Ctx): number {
  return db.transaction((tx) => {
    const changes = tx
      .update(mailOutbox)
      .set({ status: "pending", attempts: 0, nextAttemptAt: now })
      .where(eq(mailOutbox.status, "failed"))
      .returning({ id: mailOutbox.id })
      .all().length;
    recordAudit(
      tx,
      actor,
      { action: "retried_failed", entityType: "mail", newValue: { count: changes } },
      now,
    );
    return changes;
  });
}
