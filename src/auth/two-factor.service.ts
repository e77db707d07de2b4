import { count, eq } from "drizzle-orm";
import { totpFactors, totpRecoveryCodes, users } from "../../db/schema";
import type { Deps, WriteCtx } from "../deps";
import { recordAudit } from "../audit/audit.service";
import { badRequest, conflict, unauthorized } from "../errors/domain-error";
import { markReauthenticated } from "./sudo";
import { newRecoveryCodes, newTotpSecret, matchTotpStep, totpUri } from "./totp";
import { dropSecondFactor, spendSecondFactor, storeRecoveryCodes } from "./totp-factors";
import { throttledCode } from "./code-throttle";
import { twoFactorRequired } from "../settings/two-factor-policy";
import type { TwoFactorStatusDto } from "../shared/dto";

const WRONG_CODE = "That code is not right. Check your authenticator app's time and try again.";
const ISSUER = "Helpdesk";

export function twoFactorStatus(db: Deps["db"], userId: number): TwoFactorStatusDto {
  const user = db.select().from(users).where(eq(users.id, userId)).get();
  const left = db
    .select({ n: count() })
    .from(totpRecoveryCodes)
    .where(eq(totpRecoveryCodes.userId, userId))
    .get();
  return {
    enabled: Boolean(user?.twoFactorEnabled),
    recoveryCodesLeft: user?.twoFactorEnabled ? (left?.n ?? 0) : 0,
    required: twoFactorRequired(db),
  };
}

/** A new, unconfirmed key (replacing an earlier unconfirmed one), with its QR code as SVG. */
export async function startEnrolment({ deps, now, ...input }: WriteCtx & { userId: number }) {
  const secret = newTotpSecret();
  const email = deps.db.transaction(
    (tx) => {
      const user = tx.select().from(users).where(eq(users.id, input.userId)).get();
      if (!user) throw unauthorized();
      if (user.twoFactorEnabled) throw conflict("Two-factor sign-in is already on");
      const row = { secret, confirmedAt: null, lastUsedStep: null, createdAt: now };
      tx.insert(totpFactors)
        .values({ userId: user.id, ...row })
        .onConflictDoUpdate({ target: totpFactors.userId, set: row })
        .run();
      return user.email;
    },
    { behavior: "immediate" },
  );
  const uri = totpUri(ISSUER, email, secret);
  const QRCode = (await import("qrcode")).default; // only enrolment draws a code
  const qrSvg = await QRCode.toString(uri, { type: "svg", errorCorrectionLevel: "M", margin: 2 });
  return { secret, uri, qrSvg };
}

/** A current code from the app turns two-factor sign-in on; the ten recovery codes are returned once. */
export function confirmEnrolment({ deps, now, ...input }: WriteCtx & { userId: number; code: string }) {
  const codes = newRecoveryCodes();
  const done = throttledCode(deps, { userId: input.userId, ip: input.actor.ip }, () =>
    deps.db.transaction(
      (tx) => {
        const factor = tx.select().from(totpFactors).where(eq(totpFactors.userId, input.userId)).get();
        if (!factor || factor.confirmedAt) throw conflict("Start setting up two-factor sign-in again");
        const step = matchTotpStep(factor.secret, input.code.trim(), now);
        if (step === null) return null;
        tx.update(totpFactors)
          .set({ confirmedAt: now, lastUsedStep: step })
          .where(eq(totpFactors.userId, input.userId))
          .run();
        tx.update(users)
          .set({ twoFactorEnabled: true, updatedAt: now })
          .where(eq(users.id, input.userId))
          .run();
        storeRecoveryCodes(tx, input.userId, codes);
        recordAudit(
          tx,
          input.actor,
          { action: "two_factor_enabled", entityType: "user", entityId: input.userId },
          now,
        );
        return true;
      },
      { behavior: "immediate" },
    ),
  );
  if (!done) throw badRequest(WRONG_CODE, { code: WRONG_CODE });
  return { recoveryCodes: codes };
}

/** Ten new recovery codes replace the old ones, which stop working at once; returned this once. */
export function regenerateRecoveryCodes({ deps, now, ...input }: WriteCtx & { userId: number }) {
  const codes = newRecoveryCodes();
  deps.db.transaction(
    (tx) => {
      const user = tx.select().from(users).where(eq(users.id, input.userId)).get();
      if (!user?.twoFactorEnabled) throw conflict("Two-factor sign-in is off");
      storeRecoveryCodes(tx, input.userId, codes);
      recordAudit(
        tx,
        input.actor,
        { action: "recovery_codes_regenerated", entityType: "user", entityId: input.userId },
        now,
      );
    },
    { behavior: "immediate" },
  );
  return { recoveryCodes: codes };
}

/**
 * Turning it off needs a code (or a recovery code) besides the password, checked by the caller first;
 * that password also counts as re-entered for the session.
 */
export function disableTwoFactor({
  deps,
  now,
  ...input
}: WriteCtx & { userId: number; code: string; sid: string | null }) {
  if (twoFactorRequired(deps.db)) throw badRequest("Two-factor sign-in is required for every account here");
  const done = throttledCode(deps, { userId: input.userId, ip: input.actor.ip }, () =>
    deps.db.transaction(
      (tx) => {
        if (!spendSecondFactor(tx, input.userId, input.code, now)) return null;
        dropSecondFactor(tx, input.userId, now);
        if (input.sid) markReauthenticated(tx, input.sid, now);
        recordAudit(
          tx,
          input.actor,
          { action: "two_factor_disabled", entityType: "user", entityId: input.userId },
          now,
        );
        return true;
      },
      { behavior: "immediate" },
    ),
  );
  if (!done) throw badRequest(WRONG_CODE, { code: WRONG_CODE });
}
