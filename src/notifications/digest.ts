import { eq } from "drizzle-orm";
import { sqliteOf, type DbOrTx } from "../../db/client";
import { notifyStatements } from "./statements";
import { mailOutbox, notificationDigests, notifications, tickets, type OutboxRow } from "../../db/schema";
import { compose, urlOf } from "../mail/compose";
import { describeNotification } from "../shared/notification-text";

/** A user gets at most one notification e-mail per window; what happens meanwhile joins the waiting one. */
export const DIGEST_WINDOW_MS = 60_000;

/**
 * Adds a notification to the user's waiting e-mail, or starts one that leaves after the window. The worker
 * claims rows in IMMEDIATE transactions, so a message still pending here has not been read for sending.
 */
export function queueDigest(
  tx: DbOrTx,
  to: { id: number; email: string },
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

/** A digest's text is written as it leaves, from the notifications gathered until then: once, not per entry. */
export function withDigest(db: DbOrTx, row: OutboxRow, publicUrl?: string): OutboxRow {
  return row.kind === "agent_notifications" ? { ...row, ...digestMail(db, row.id, publicUrl) } : row;
}

/** An e-mail lists this many entries; one more tells that the rest wait in the bell. */
const LISTED = 25;

/** The e-mail lists the notifications it gathered, oldest first, each with its ticket's page. */
function digestMail(tx: DbOrTx, outboxId: number, publicUrl?: string) {
  const rows = tx
    .select({ kind: notifications.kind, actorName: notifications.actorName, ticketId: tickets.ticketId })
    .from(notifications)
    .innerJoin(tickets, eq(tickets.id, notifications.ticketId))
    .where(eq(notifications.outboxId, outboxId))
    .orderBy(notifications.id)
    .all();
  const listed = rows.slice(0, LISTED);
  const count = rows.length > LISTED ? `More than ${LISTED}` : String(rows.length);
  const first = rows[0];
  const subject =
    rows.length === 1 && first
      ? `[${first.ticketId}] ${describeNotification(first)}`
      : `${count} updates on your tickets`;
  const mail = compose(subject, [
    { p: rows.length === 1 ? "An update on a ticket:" : `${count} updates on tickets:` },
    ...listed.map((r) => ({
      p: `${r.ticketId}: ${describeNotification(r)}`,
      link: urlOf(publicUrl, `/admin/tickets/${r.ticketId}`),
    })),
    ...(rows.length > LISTED ? [{ p: "The others are in the bell on your dashboard." }] : []),
    { p: "You can choose what you are told of in your profile." },
  ]);
  return { subject: mail.subject, textBody: mail.text, htmlBody: mail.html };
}
