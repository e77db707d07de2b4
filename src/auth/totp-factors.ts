import { and, eq, isNull, lt, or } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { signInChallenges, totpFactors, totpRecoveryCodes, users } from "../../db/schema";
import { hashRecoveryCode, isRecoveryCodeShape, matchTotpStep } from "./totp";

export type FactorUsed = "totp" | "recovery_code";

/**
 * Spends a code of the user's confirmed factor: a TOTP code moves `lastUsedStep` forward (the update
 * only applies while the step is newer, so the same code at once from two places wins once); a
 * recovery code is deleted. Null when the code is wrong, used already, or there is no factor.
 */
export function spendSecondFactor(tx: DbOrTx, userId: number, code: string, now: Date): FactorUsed | null {
  const factor = tx.select().from(totpFactors).where(eq(totpFactors.userId, userId)).get();
  if (!factor?.confirmedAt) return null;
  const trimmed = code.trim();
  if (/^\d{6}$/.test(trimmed)) {
    const step = matchTotpStep(factor.secret, trimmed, now, factor.lastUsedStep);
    if (step === null) return null;
    const newer = or(isNull(totpFactors.lastUsedStep), lt(totpFactors.lastUsedStep, step));
    const moved = tx
      .update(totpFactors)
      .set({ lastUsedStep: step })
      .where(and(eq(totpFactors.userId, userId), newer))
      .returning({ userId: totpFactors.userId })
      .all();
    return moved.length ? "totp" : null;
  }
  if (!isRecoveryCodeShape(trimmed)) return null;
  const spent = tx
    .delete(totpRecoveryCodes)
    .where(
      and(eq(totpRecoveryCodes.userId, userId), eq(totpRecoveryCodes.codeHash, hashRecoveryCode(trimmed))),
    )
    .returning({ id: totpRecoveryCodes.id })
    .all();
  return spent.length ? "recovery_code" : null;
}

/** Replaces the user's recovery codes with these (only hashes are stored). */
export function storeRecoveryCodes(tx: DbOrTx, userId: number, codes: string[]) {
  tx.delete(totpRecoveryCodes).where(eq(totpRecoveryCodes.userId, userId)).run();
  tx.insert(totpRecoveryCodes)
    .values(codes.map((c) => ({ userId, codeHash: hashRecoveryCode(c) })))
    .run();
}

/** Turns two-factor sign-in off for the user: key, recovery codes and pending sign-in steps go. */
export function dropSecondFactor(tx: DbOrTx, userId: number, now: Date) {
  tx.delete(totpFactors).where(eq(totpFactors.userId, userId)).run();
  tx.delete(totpRecoveryCodes).where(eq(totpRecoveryCodes.userId, userId)).run();
  tx.delete(signInChallenges).where(eq(signInChallenges.userId, userId)).run();
  tx.update(users).set({ twoFactorEnabled: false, updatedAt: now }).where(eq(users.id, userId)).run();
}
