import { eq } from "drizzle-orm";
import { users } from "../../db/schema";
import type { WriteCtx } from "../deps";
import { recordAudit } from "../audit/audit.service";
import { unauthorized } from "../errors/domain-error";
import { createSession, deleteSession } from "./sessions";
import { challengeUser, consumeChallenge } from "./sign-in-challenges";
import { spendSecondFactor } from "./totp-factors";
import { throttledCode } from "./code-throttle";

const EXPIRED = "Your sign-in has expired. Please sign in again.";
const WRONG_CODE = "Invalid code";

/**
 * The second step of a sign-in: a live challenge from the password step and a current code (or an
 * unused recovery code) create the session; wrong codes count against the code budget.
 */
export function completeSecondStep({
  deps,
  now,
  ...input
}: WriteCtx & { challenge: string; code: string; oldSid?: string | null }) {
  const userId = challengeUser(deps.db, input.challenge, now);
  if (userId === null) throw unauthorized(EXPIRED);
  const result = throttledCode(deps, { userId, ip: input.actor.ip }, () =>
    deps.db.transaction(
      (tx) => {
        const user = tx.select().from(users).where(eq(users.id, userId)).get();
        // suspended, or the factor reset meanwhile: the password step must be taken again
        if (user?.status !== "active" || !user.twoFactorEnabled) throw unauthorized(EXPIRED);
        const used = spendSecondFactor(tx, userId, input.code, now);
        if (!used) return null;
        if (!consumeChallenge(tx, input.challenge, now)) throw unauthorized(EXPIRED);
        if (input.oldSid) deleteSession(tx, input.oldSid);
        const session = createSession(tx, {
          userId,
          now,
          ttlMs: deps.config.sessionTtlMs,
          ip: input.actor.ip ?? undefined,
          userAgent: input.actor.userAgent ?? undefined,
        });
        recordAudit(
          tx,
          { ...input.actor, userId },
          {
            action: "login",
            entityType: "auth",
            entityId: userId,
            newValue: { email: user.email, secondFactor: used },
          },
          now,
        );
        return { user, ...session };
      },
      { behavior: "immediate" },
    ),
  );
  if (!result) throw unauthorized(WRONG_CODE);
  deps.limiters.codeByUser.reset(String(userId));
  return result;
}
