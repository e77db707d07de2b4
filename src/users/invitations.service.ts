import { and, eq } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { mailOutbox, users } from "../../db/schema";
import type { WriteCtx } from "../deps";
import { recordAudit } from "../audit/audit.service";
import { compose } from "../mail/compose";
import { translatorFor } from "../i18n/server";
import { userLanguage } from "../settings/office-language";
import { badRequest, notFound } from "../errors/domain-error";
import { dropResetTokens, RESET_SLOT } from "../auth/reset-tokens";

/** Queues the invitation; its single-use link is minted when the mail is sent, and earlier links end now. */
export function queueInvitation(
  tx: DbOrTx,
  user: { id: number; email: string; firstName: string | null; language: string | null },
  now: Date,
) {
  dropResetTokens(tx, user.id);
  tx.update(users).set({ invitedAt: now }).where(eq(users.id, user.id)).run();
  const { t } = translatorFor(userLanguage(tx, user.language));
  const mail = compose(t("account.invite.subject"), [
    { p: t("account.invite.hello", { name: user.firstName ?? "" }).replace(" ,", ",") },
    { p: t("account.invite.link"), link: RESET_SLOT },
  ]);
  tx.insert(mailOutbox)
    .values({
      kind: "invitation",
      recipients: user.email,
      subject: mail.subject,
      textBody: mail.text,
      htmlBody: mail.html,
      nextAttemptAt: now,
      createdAt: now,
    })
    .run();
}

function invitedUser(tx: DbOrTx, id: number) {
  const user = tx.select().from(users).where(eq(users.id, id)).get();
  if (!user) throw notFound("User");
  if (!user.invitedAt) throw badRequest("This user has already accepted their invitation");
  return user;
}

/** Sends a fresh invitation link; the earlier one stops working. */
export function resendInvitation({ deps, now, actor, id }: WriteCtx & { id: number }) {
  deps.db.transaction((tx) => {
    const user = invitedUser(tx, id);
    if (user.status !== "active") throw badRequest("A suspended user cannot be invited");
    queueInvitation(tx, user, now);
    recordAudit(tx, actor, { action: "invitation_sent", entityType: "user", entityId: id }, now);
  });
  deps.wakeMailer();
}

/** Ends the user's invitation link, including one still waiting in the outbox; they stay invited. */
export function revokeInvitation({ deps, now, actor, id }: WriteCtx & { id: number }) {
  deps.db.transaction((tx) => {
    invitedUser(tx, id);
    dropResetTokens(tx, id);
    const user = tx.select({ email: users.email }).from(users).where(eq(users.id, id)).get()!;
    tx.update(mailOutbox)
      .set({ status: "failed", lastError: "Invitation revoked" })
      .where(
        and(
          eq(mailOutbox.kind, "invitation"),
          eq(mailOutbox.recipients, user.email),
          eq(mailOutbox.status, "pending"),
        ),
      )
      .run();
    recordAudit(tx, actor, { action: "invitation_revoked", entityType: "user", entityId: id }, now);
  });
}
