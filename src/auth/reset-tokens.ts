import { and, eq, gt } from "drizzle-orm";
import type { Db, DbOrTx } from "../../db/client";
import { type OutboxRow, passwordResets, users } from "../../db/schema";
import { urlOf } from "../mail/compose";
import { translatorFor } from "../i18n/server";
import { userLanguage } from "../settings/office-language";
import { generateSessionToken, sessionIdOf } from "./sessions";

/** A reset link works this long after its e-mail is sent; an invitation link a week. */
const RESET_TTL_MS = 30 * 60_000;
const INVITE_TTL_MS = 7 * 24 * 3600_000;
/** Where the link goes in a queued reset or invitation e-mail; the worker mints the token when it sends. */
export const RESET_SLOT = "\u2063reset-link\u2063";
const LINKS = {
  password_reset: { ttl: RESET_TTL_MS, path: "/reset-password/" },
  invitation: { ttl: INVITE_TTL_MS, path: "/invitation/" },
} as const;

/** Ends every pending reset link of a user (a newer request, a used link, a password change). */
export const dropResetTokens = (tx: DbOrTx, userId: number) =>
  tx.delete(passwordResets).where(eq(passwordResets.userId, userId)).run();

/** A fresh token for the user; every earlier one stops working. Only its SHA-256 is stored. */
function mintResetToken(db: Db, userId: number, now: Date, ttlMs: number) {
  const token = generateSessionToken();
  db.transaction((tx) => {
    dropResetTokens(tx, userId);
    tx.insert(passwordResets)
      .values({
        tokenHash: sessionIdOf(token),
        userId,
        expiresAt: new Date(now.getTime() + ttlMs),
        createdAt: now,
      })
      .run();
  });
  return token;
}

const TOKEN = /^[a-z2-7]{32}$/;

/** Whether the token names an unexpired link, without using it up. */
export function resetTokenIsLive(db: Db, token: string, now: Date) {
  if (!TOKEN.test(token)) return false;
  const row = db
    .select({ id: passwordResets.id })
    .from(passwordResets)
    .where(and(eq(passwordResets.tokenHash, sessionIdOf(token)), gt(passwordResets.expiresAt, now)))
    .get();
  return row !== undefined;
}

/** Takes the token's row away (single use) and returns its user id, or null when unknown or expired. */
export function consumeResetToken(tx: DbOrTx, token: string, now: Date): number | null {
  if (!TOKEN.test(token)) return null;
  const row = tx
    .delete(passwordResets)
    .where(and(eq(passwordResets.tokenHash, sessionIdOf(token)), gt(passwordResets.expiresAt, now)))
    .returning({ userId: passwordResets.userId })
    .all()[0];
  return row?.userId ?? null;
}

/**
 * The reset e-mail as it is sent: the token exists only in memory and in the message, never in the
 * outbox. The recipient must still be an active user; otherwise the message carries no link.
 */
export function withResetLink(db: Db, row: OutboxRow, now: Date, publicUrl?: string): OutboxRow {
  if (!(row.kind === "password_reset" || row.kind === "invitation") || !row.textBody.includes(RESET_SLOT))
    return row;
  const user = db.select().from(users).where(eq(users.email, row.recipients)).get();
  let link = translatorFor(userLanguage(db, user?.language)).t("account.link.invalid");
  if (user?.status === "active" && (row.kind === "password_reset" || user.invitedAt)) {
    const { ttl, path: base } = LINKS[row.kind];
    const path = `${base}${mintResetToken(db, user.id, now, ttl)}`;
    link = urlOf(publicUrl, path) ?? `${path} on the help desk's address`;
  }
  return {
    ...row,
    textBody: row.textBody.replaceAll(RESET_SLOT, link),
    htmlBody: row.htmlBody.replaceAll(RESET_SLOT, link),
  };
}
