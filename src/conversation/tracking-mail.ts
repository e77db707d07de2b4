import type { Db, DbOrTx } from "../../db/client";
import { mailOutbox, type OutboxRow } from "../../db/schema";
import { compose, urlOf } from "../mail/compose";
import type { MailEnv } from "./thread";
import { mintTrackingLink } from "./tracking-links";
import type { Language } from "../i18n/languages";
import { translatorFor } from "../i18n/server";

/** Where the "My tickets" link goes in a queued message; the worker mints the token when it sends. */
const TICKETS_SLOT = "\u2063my-tickets\u2063";

/** Queues the "My tickets" e-mail to one address; it names no ticket and repeats nothing anyone typed. */
export function queueMyTicketsMail(tx: DbOrTx, env: MailEnv, email: string, now: Date, language: Language) {
  const { t } = translatorFor(language);
  const mail = compose(t("mail.tickets.subject"), [
    { p: t("mail.tickets.asked") },
    { p: t("mail.tickets.link"), link: TICKETS_SLOT },
    { p: t("mail.tickets.ignore") },
  ]);
  tx.insert(mailOutbox)
    .values({
      kind: "requester_tickets",
      recipients: email,
      subject: mail.subject,
      textBody: mail.text,
      htmlBody: mail.html,
      nextAttemptAt: now,
      createdAt: now,
      replyTo: env.replyTo ?? null,
    })
    .run();
}

/** The message as it is sent: a fresh "My tickets" link for its one recipient, valid from now on. */
export function withTrackingLink(db: Db, row: OutboxRow, now: Date, publicUrl?: string): OutboxRow {
  if (row.kind !== "requester_tickets" || !row.textBody.includes(TICKETS_SLOT)) return row;
  const path = `/my-tickets/${mintTrackingLink(db, row.recipients, now)}`;
  const link = urlOf(publicUrl, path) ?? `${path} on the help desk's address`;
  return {
    ...row,
    textBody: row.textBody.replaceAll(TICKETS_SLOT, link),
    htmlBody: row.htmlBody.replaceAll(TICKETS_SLOT, link),
  };
}
