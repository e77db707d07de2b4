import { eq } from "drizzle-orm";
import { users } from "../../db/schema";
import type { DbWriteCtx } from "../deps";
import { recordAudit } from "../audit/audit.service";
import { badRequest, notFound } from "../errors/domain-error";
import { deleteUserSessions } from "./sessions";
import { dropSecondFactor } from "./totp-factors";
import { assertNotOwnAccount } from "./own-account";
import { saveTwoFactorRequired, twoFactorRequired } from "../settings/two-factor-policy";

/**
 * For a user who lost their authenticator and recovery codes: the factor goes and every session of
 * theirs ends, so whoever holds one must sign in again. By admins in the app and by the box's owner.
 */
export function resetSecondFactor({ db, now, ...input }: DbWriteCtx & { id: number }) {
  db.transaction(
    (tx) => {
      const user = tx.select().from(users).where(eq(users.id, input.id)).get();
      if (!user) throw notFound("User");
      assertNotOwnAccount(input.actor, user.id);
      dropSecondFactor(tx, user.id, now);
      deleteUserSessions(tx, user.id);
      recordAudit(
        tx,
        input.actor,
        {
          action: "two_factor_reset",
          entityType: "user",
          entityId: user.id,
          oldValue: { twoFactorEnabled: user.twoFactorEnabled },
          newValue: { twoFactorEnabled: false },
        },
        now,
      );
    },
    { behavior: "immediate" },
  );
}

/** Requiring it for everyone is refused until the admin asking has it on, or they would lock themselves in. */
export function setTwoFactorRequirement({ db, now, ...input }: DbWriteCtx & { required: boolean }) {
  return db.transaction(
    (tx) => {
      const before = twoFactorRequired(tx);
      if (input.required && !before) {
        const me =
          input.actor.userId === null
            ? undefined
            : tx.select().from(users).where(eq(users.id, input.actor.userId)).get();
        if (!me?.twoFactorEnabled)
          throw badRequest("Turn on two-factor sign-in for your own account first (on your profile)");
      }
      saveTwoFactorRequired(tx, input.required, now);
      recordAudit(
        tx,
        input.actor,
        {
          action: "updated",
          entityType: "security_settings",
          oldValue: { requireTwoFactor: before },
          newValue: { requireTwoFactor: input.required },
        },
        now,
      );
      return { required: input.required };
    },
    { behavior: "immediate" },
  );
}
