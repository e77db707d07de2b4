import { eq } from "drizzle-orm";
import { sqliteOf, type DbOrTx } from "../../db/client";
import { notifyStatements } from "./statements";
import { mailOutbox, notificationDigests, notifications, tickets, type OutboxRow } from "../../db/schema";
import { compose, urlOf } from "../mail/compose";
import { describeNotification } from "../shared/notification-text";
import { translatorFor } from "../i18n/server";
import type { Translator } from "../i18n/translator";
import { userLanguage } from "../settings/office-language";

/** A user gets at most one notification e-mail per window; what happens meanwhile joins the waiting one. */
export const DIGEST_WINDOW_MS = 60_000;

/**
 * Adds a notification to the user's waiting e-mail, or starts one that leaves after the window. The worker
 * claims rows in IMMEDIATE transactions, so a message still pending here has not been read for sending.
 */
export function queueDigest(
  tx: DbOrTx,
  to: { id: number; email: string; language: string | null },
  notificationId: number,
  now: Date,
) {
  const q = notifyStatements(sqliteOf(tx));
  const [digest] = q.digest.all(to.id);
  const waiting = digest?.status === "pending";
  let outboxId = digest?.outboxId ?? 0;
  if (!waiting) {
    const sendAt = new Date(now.getTime() + DIGEST_WINDOW_MS);
    outboxId = tx
      .insert(mailOutbox)
      .values({
        kind: "agent_notifications",
        recipients: to.email,
        subject: "Updates on your tickets",
        textBody: "",
        htmlBody: "",
        createdAt: now,
        nextAttemptAt: sendAt,
      })
      .returning({ id: mailOutbox.id })
      .get().id;
    const row = { userId: to.id, outboxId, startedAt: now };
    tx.insert(notificationDigests)
      .values(row)
      .onConflictDoUpdate({ target: notificationDigests.userId, set: row })
      .run();
  }
  // past the listed number the e-mail says more wait in the bell: no need to link the rest
  if (q.linked.all(outboxId, LISTED + 1)[0]!.n > LISTED) return;
  q.link.run(outboxId, notificationId);
}

/** True when the user's waiting e-mail already lists all it can: more entries would not be read. */
export function digestFull(tx: DbOrTx, userId: number): boolean {
  const q = notifyStatements(sqliteOf(tx));
  const [digest] = q.digest.all(userId);
  return digest?.status === "pending" && q.linked.all(digest.outboxId, LISTED + 1)[0]!.n > LISTED;
}

/** A digest's text is written as it leaves, from the notifications gathered until then: once, not per entry. */
export function withDigest(db: DbOrTx, row: OutboxRow, publicUrl?: string): OutboxRow {
  if (row.kind !== "agent_notifications") return row;
  const to = sqliteOf(db)
    .query<{ language: string | null }, [number]>(
      "SELECT u.language FROM notifications n JOIN users u ON u.id = n.user_id WHERE n.outbox_id = ? LIMIT 1",
    )
    .get(row.id);
  return {
    ...row,
    ...digestMail(db, row.id, translatorFor(userLanguage(db, to?.language ?? null)), publicUrl),
  };
}

/** An e-mail lists this many entries; one more tells that the rest wait in the bell. */
const LISTED = 25;

/** The e-mail lists the notifications it gathered, oldest first, each with its ticket's page. */
function digestMail(tx: DbOrTx, outboxId: number, tr: Translator, publicUrl?: string) {
  const rows = tx
    .select({ kind: notifications.kind, actorName: notifications.actorName, ticketId: tickets.ticketId })
    .from(notifications)
    .innerJoin(tickets, eq(tickets.id, notifications.ticketId))
    .where(eq(notifications.outboxId, outboxId))
    .orderBy(notifications.id)
    .all();
  const listed = rows.slice(0, LISTED);
  const more = rows.length > LISTED;
  const count = tr.number(more ? LISTED : rows.length);
  const first = rows[0];
  const subject =
    rows.length === 1 && first
      ? `[${first.ticketId}] ${describeNotification(tr.t, first)}`
      : tr.t(more ? "digest.subjectMore" : "digest.subject", { count });
  const mail = compose(subject, [
    { p: rows.length === 1 ? tr.t("digest.one") : tr.t(more ? "digest.manyMore" : "digest.many", { count }) },
    ...listed.map((r) => ({
      p: `${r.ticketId}: ${describeNotification(tr.t, r)}`,
      link: urlOf(publicUrl, `/admin/tickets/${r.ticketId}`),
    })),
    ...(more ? [{ p: tr.t("digest.others") }] : []),
    { p: tr.t("digest.profile") },
  ]);
  return { subject: mail.subject, textBody: mail.text, htmlBody: mail.html };
}
