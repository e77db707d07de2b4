import { and, eq, gt, lt } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { signInChallenges } from "../../db/schema";
import { generateSessionToken, sessionIdOf } from "./sessions";

/** Time to type the code after a right password. */
const CHALLENGE_TTL_MS = 5 * 60_000;
const TOKEN = /^[a-z2-7]{32}$/;

/** A new second-step token for the user (only its SHA-256 is stored); expired ones of anybody are swept. */
export function createChallenge(tx: DbOrTx, userId: number, now: Date) {
  tx.delete(signInChallenges).where(lt(signInChallenges.expiresAt, now)).run();
  const token = generateSessionToken();
  const expiresAt = new Date(now.getTime() + CHALLENGE_TTL_MS);
  tx.insert(signInChallenges)
    .values({ tokenHash: sessionIdOf(token), userId, expiresAt, createdAt: now })
    .run();
  return { challenge: token, expiresAt };
}

/** The user id of an unexpired challenge, or null; it stays usable (a wrong code may be retyped). */
export function challengeUser(tx: DbOrTx, token: string, now: Date): number | null {
  if (!TOKEN.test(token)) return null;
  const row = tx
    .select({ userId: signInChallenges.userId })
    .from(signInChallenges)
    .where(and(eq(signInChallenges.tokenHash, sessionIdOf(token)), gt(signInChallenges.expiresAt, now)))
    .get();
  return row?.userId ?? null;
}

/** Uses the challenge up; false when it was already used (or expired) meanwhile. */
export function consumeChallenge(tx: DbOrTx, token: string, now: Date): boolean {
  const gone = tx
    .delete(signInChallenges)
    .where(and(eq(signInChallenges.tokenHash, sessionIdOf(token)), gt(signInChallenges.expiresAt, now)))
    .returning({ userId: signInChallenges.userId })
    .all();
  return gone.length > 0;
}
