import { eq } from "drizzle-orm";
import { sessions, users } from "../../db/schema";
import type { DbOrTx } from "../../db/client";
import type { WriteCtx } from "../deps";
import { badRequest, DomainError, unauthorized } from "../errors/domain-error";
import { PASSWORD_REFUSAL, throttledVerify } from "./login-throttle";
import { recordAudit } from "../audit/audit.service";

/** How long a re-entered password opens the account-security actions of that session. */
const SUDO_WINDOW_MS = 10 * 60_000;

const REAUTH_CODE = "reauth_required";

/** Distinct from other refusals so a page can ask for the password and try the action again. */
export const reauthRequired = () =>
  new DomainError("forbidden", "Please confirm your password to continue", undefined, undefined, {
    code: REAUTH_CODE,
  });

export const recentlyConfirmed = (at: Date | null, now: Date) =>
  at !== null && now.getTime() - at.getTime() < SUDO_WINDOW_MS;

export const markReauthenticated = (tx: DbOrTx, sid: string, now: Date) =>
  tx.update(sessions).set({ reauthenticatedAt: now }).where(eq(sessions.sid, sid)).run();

const WRONG = "Incorrect password";

/** The password again, within the sign-in budget, opens the session's account-security actions for a while. */
export async function confirmSessionPassword({
  deps,
  now,
  ...input
}: WriteCtx & { userId: number; sid: string; password: string }) {
  const me = deps.db.select().from(users).where(eq(users.id, input.userId)).get();
  if (!me) throw unauthorized();
  const verify = { email: me.email, ip: input.actor.ip, password: input.password, hash: me.password };
  if (!(await throttledVerify(deps, { ...verify, refusal: PASSWORD_REFUSAL })))
    throw badRequest(WRONG, { password: WRONG });
  deps.db.transaction((tx) => {
    markReauthenticated(tx, input.sid, now);
    recordAudit(tx, input.actor, { action: "password_confirmed", entityType: "auth", entityId: me.id }, now);
  });
  return {
    confirmedAt: now.toISOString(),
    validUntil: new Date(now.getTime() + SUDO_WINDOW_MS).toISOString(),
  };
}
