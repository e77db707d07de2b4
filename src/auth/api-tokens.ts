import { and, asc, eq, sql } from "drizzle-orm";
import { perConnection, type Db } from "../../db/client";
import { apiTokens, type ApiTokenRow, users, type UserRow } from "../../db/schema";
import type { ReadCache } from "../../db/read-cache";
import { recordAudit } from "../audit/audit.service";
import { forbidden, notFound } from "../errors/domain-error";
import { twoFactorRequired } from "../settings/two-factor-policy";
import type { ApiTokenDto } from "../shared/dto";
import type { DbWriteCtx } from "../deps";
import { generateSessionToken, sessionIdOf } from "./sessions";

const FORMAT = /^hd_[a-z2-7]{32}$/;
const USED_EVERY_MS = 60_000;

const toApiTokenDto = (r: ApiTokenRow & { email?: string }): ApiTokenDto => ({
  id: r.id,
  name: r.name,
  prefix: `${r.prefix}…`,
  createdAt: r.createdAt.toISOString(),
  expiresAt: r.expiresAt?.toISOString() ?? null,
  lastUsedAt: r.lastUsedAt?.toISOString() ?? null,
  ...(r.email ? { userEmail: r.email } : {}),
});

/** A new token for the user; the full value is returned only here, once. */
export function createApiToken({
  db,
  ...input
}: DbWriteCtx & { userId: number; name: string; expiresInDays?: number }) {
  const token = `hd_${generateSessionToken()}`;
  const expiresAt = input.expiresInDays
    ? new Date(input.now.getTime() + input.expiresInDays * 86_400_000)
    : null;
  const row = db.transaction((tx) => {
    const created = tx
      .insert(apiTokens)
      .values({
        userId: input.userId,
        name: input.name,
        prefix: token.slice(0, 7),
        tokenHash: sessionIdOf(token),
        createdAt: input.now,
        expiresAt,
      })
      .returning()
      .get();
    const newValue = { name: input.name, prefix: created.prefix, expiresAt };
    recordAudit(
      tx,
      input.actor,
      { action: "api_token_created", entityType: "auth", entityId: created.id, newValue },
      input.now,
    );
    return created;
  });
  return { token, ...toApiTokenDto(row) };
}

export const listApiTokens = (db: Db, userId?: number) =>
  db
    .select({ t: apiTokens, email: users.email })
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.userId))
    .where(userId === undefined ? undefined : eq(apiTokens.userId, userId))
    .orderBy(asc(apiTokens.createdAt), asc(apiTokens.id))
    .all()
    .map((r) => toApiTokenDto(userId === undefined ? { ...r.t, email: r.email } : r.t));

/** Revokes a token: the owner's own, or anyone's when `userId` is left out (admins). */
export function revokeApiToken({ db, ...input }: DbWriteCtx & { id: number; userId?: number }) {
  db.transaction((tx) => {
    const where =
      input.userId === undefined
        ? eq(apiTokens.id, input.id)
        : and(eq(apiTokens.id, input.id), eq(apiTokens.userId, input.userId));
    const gone = tx.delete(apiTokens).where(where).returning().all()[0];
    if (!gone) throw notFound("Token");
    const oldValue = { name: gone.name, prefix: gone.prefix, userId: gone.userId };
    recordAudit(
      tx,
      input.actor,
      { action: "api_token_revoked", entityType: "auth", entityId: gone.id, oldValue },
      input.now,
    );
  });
}

const tokenLookup = perConnection((db: Db) =>
  db
    .select({
      user: users,
      id: apiTokens.id,
      expiresAt: apiTokens.expiresAt,
      lastUsedAt: apiTokens.lastUsedAt,
    })
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.userId))
    .where(eq(apiTokens.tokenHash, sql.placeholder("hash")))
    .prepare(),
);

const MUST_ENROL =
  "Two-factor sign-in is required here. Your API tokens work again once you set it up on your profile.";

/**
 * The token's active user, or null; like a session, found tokens are cached until the database changes.
 * While two-factor sign-in is required, a token of someone without it opens nothing.
 */
export function validateApiToken(
  { db, cache }: { db: Db; cache: ReadCache },
  token: string,
  now: Date,
): UserRow | null {
  if (!FORMAT.test(token)) return null;
  const hash = sessionIdOf(token);
  const row = cache.get(
    db,
    { kind: "api-token", filters: hash },
    () => tokenLookup(db).get({ hash }) ?? null,
    {
      keep: (f) => f !== null,
    },
  );
  if (row?.user.status !== "active") return null;
  if (row.expiresAt && row.expiresAt.getTime() <= now.getTime()) return null;
  if (!row.user.twoFactorEnabled && twoFactorRequired(db)) throw forbidden(MUST_ENROL);
  if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() >= USED_EVERY_MS)
    db.update(apiTokens).set({ lastUsedAt: now }).where(eq(apiTokens.id, row.id)).run();
  return row.user;
}
