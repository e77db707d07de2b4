import { eq } from "drizzle-orm";
import { mailOutbox, users } from "../../db/schema";
import type { DbOrTx } from "../../db/client";
import type { WriteCtx } from "../deps";
import { recordAudit } from "../audit/audit.service";
import { compose } from "../mail/compose";
import { translatorFor } from "../i18n/server";
import { userLanguage } from "../settings/office-language";
import { badRequest, tooMany } from "../errors/domain-error";
import { addressKey } from "../shared/address-key";
import { createSession, deleteSession, deleteUserSessions } from "./sessions";
import { consumeResetToken, dropResetTokens, RESET_SLOT, resetTokenIsLive } from "./reset-tokens";
import { assertPasswordSignIn, localPasswordAllowed } from "./sso/password-sign-in";
import { createChallenge } from "./sign-in-challenges";

const RESET_SENT = "If an account exists for that e-mail, a link to reset its password is on its way.";
const RESET_INVALID = "This reset link is invalid or has expired. Please ask for a new one.";

/** Queues the reset e-mail (its link is minted at send time); earlier links stop working now. */
export function queueResetMail(
  tx: DbOrTx,
  user: { id: number; email: string; language: string | null },
  now: Date,
) {
  dropResetTokens(tx, user.id);
  const { t } = translatorFor(userLanguage(tx, user.language));
  const mail = compose(t("account.reset.subject"), [
    { p: t("account.reset.asked") },
    { p: t("account.reset.link"), link: RESET_SLOT },
    { p: t("account.reset.ignore") },
  ]);
  tx.insert(mailOutbox)
    .values({
      kind: "password_reset",
      recipients: user.email,
      subject: mail.subject,
      textBody: mail.text,
      htmlBody: mail.html,
      nextAttemptAt: now,
      createdAt: now,
    })
    .run();
}

/**
 * "Forgot password": the same answer and the same work (one audited write) whether the e-mail belongs
 * to an account or not. Too many asks from one address answer 429; beyond the per-e-mail budget
 * nothing more is sent, silently, so nobody can flood an inbox or learn whether an account exists.
 */
export function requestPasswordReset({ deps, now, ...input }: WriteCtx & { email: string }) {
  const wait = deps.limiters.resetByIp.hit(addressKey(input.actor.ip ?? "unknown"));
  if (wait > 0) throw tooMany(wait, "Too many reset requests. Please try again later.");
  const email = input.email.toLowerCase();
  const withinBudget = deps.limiters.resetByEmail.hit(email) === 0;
  let queued = false;
  deps.db.transaction((tx) => {
    const user = tx.select().from(users).where(eq(users.email, email)).get();
    const send = withinBudget && user?.status === "active";
    if (send) queueResetMail(tx, user, now);
    queued = send;
    recordAudit(
      tx,
      input.actor,
      {
        action: "password_reset_requested",
        entityType: "auth",
        entityId: user?.id ?? null,
        newValue: { email, sent: send },
      },
      now,
    );
  });
  if (queued) deps.wakeMailer();
  return { message: RESET_SENT };
}

/**
 * Uses a reset link: new password, every session and link of the user ended, and a fresh session
 * (or, with two-factor sign-in on, the challenge for the code).
 */
export async function resetPassword({
  deps,
  now,
  ...input
}: WriteCtx & { token: string; newPassword: string; oldSid?: string | null }) {
  // Only a live link is worth a hash: a guessed token never costs the server an argon2 run.
  if (!resetTokenIsLive(deps.db, input.token, now)) throw badRequest(RESET_INVALID);
  const hash = await deps.passwords.hash(input.newPassword, addressKey(input.actor.ip ?? "unknown"));
  return deps.db.transaction(
    (tx) => {
      const userId = consumeResetToken(tx, input.token, now);
      const user = userId === null ? undefined : tx.select().from(users).where(eq(users.id, userId)).get();
      if (user?.status !== "active" || !localPasswordAllowed(tx, user.id)) throw badRequest(RESET_INVALID);
      assertPasswordSignIn(tx, user.email);
      tx.update(users)
        .set({ password: hash, mustChangePassword: false, invitedAt: null, updatedAt: now })
        .where(eq(users.id, user.id))
        .run();
      dropResetTokens(tx, user.id);
      deleteUserSessions(tx, user.id);
      if (input.oldSid) deleteSession(tx, input.oldSid); // a cookie set before never becomes this session
      const actor = { ...input.actor, userId: user.id };
      const action = user.invitedAt ? "invitation_accepted" : "password_reset";
      recordAudit(tx, actor, { action, entityType: "auth", entityId: user.id }, now);
      // a reset link proves the mailbox, not the second factor: the code is still asked for
      if (user.twoFactorEnabled) return createChallenge(tx, user.id, now);
      const session = createSession(tx, {
        userId: user.id,
        now,
        ttlMs: deps.config.sessionTtlMs,
        ip: input.actor.ip ?? undefined,
        userAgent: input.actor.userAgent ?? undefined,
      });
      return { user: { ...user, mustChangePassword: false, invitedAt: null }, ...session };
    },
    { behavior: "immediate" },
  );
}
