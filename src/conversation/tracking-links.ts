import { and, eq, gt, lte } from "drizzle-orm";
import type { Db, DbOrTx } from "../../db/client";
import { trackingLinks } from "../../db/schema";
import { generateSessionToken, sessionIdOf } from "../auth/sessions";

/** A "My tickets" link works this long after its e-mail is sent. */
const TRACKING_LINK_TTL_MS = 3600_000;
const TOKEN = /^[a-z2-7]{32}$/;

/** A fresh "My tickets" token for one address (160 random bits); only its hash is stored. Expired rows go. */
export function mintTrackingLink(db: Db, email: string, now: Date): string {
  const token = generateSessionToken();
  db.transaction((tx) => {
    tx.delete(trackingLinks).where(lte(trackingLinks.expiresAt, now)).run();
    tx.insert(trackingLinks)
      .values({
        tokenHash: sessionIdOf(token),
        email,
        expiresAt: new Date(now.getTime() + TRACKING_LINK_TTL_MS),
        createdAt: now,
      })
      .run();
  });
  return token;
}

/** The address a live token stands for, or null: malformed, unknown and expired tokens take the same path. */
export function trackingLinkOf(db: DbOrTx, token: string, now: Date) {
  const hash = sessionIdOf(TOKEN.test(token) ? token : `invalid:${token.slice(0, 64)}`);
  const row = db
    .select({ email: trackingLinks.email, expiresAt: trackingLinks.expiresAt })
    .from(trackingLinks)
    .where(and(eq(trackingLinks.tokenHash, hash), gt(trackingLinks.expiresAt, now)))
    .get();
  return row ?? null;
}
