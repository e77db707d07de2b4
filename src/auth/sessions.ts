import { and, eq, inArray, lt, ne, sql } from "drizzle-orm";
import { encodeBase32LowerCaseNoPadding } from "@oslojs/encoding";
import { sha256Hex } from "./sha256";
import { type SessionData, sessions, users, type UserRow } from "../../db/schema";
import { perConnection, type Db, type DbOrTx } from "../../db/client";
import type { ReadCache } from "../../db/read-cache";

/** 160 random bits; only its SHA-256 is stored, as `sessions.sid`. */
export function generateSessionToken() {
  const bytes = new Uint8Array(20);
  crypto.getRandomValues(bytes);
  return encodeBase32LowerCaseNoPadding(bytes);
}

export const sessionIdOf = (token: string) => sha256Hex(token);

export function createSession(
  tx: DbOrTx,
  input: { userId: number; now: Date; ttlMs: number; ip?: string; userAgent?: string },
) {
  const token = generateSessionToken();
  const expire = new Date(input.now.getTime() + input.ttlMs);
  tx.insert(sessions)
    .values({
      sid: sessionIdOf(token),
      userId: input.userId,
      expire,
      sess: { createdAt: input.now.getTime(), ip: input.ip, userAgent: input.userAgent?.slice(0, 200) },
      lastSeenAt: input.now,
    })
    .run();
  return { token, expire };
}

const sessionLookup = perConnection((db: Db) =>
  db
    .select({
      user: users,
      expire: sessions.expire,
      sess: sessions.sess,
      lastSeenAt: sessions.lastSeenAt,
      reauthenticatedAt: sessions.reauthenticatedAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.sid, sql.placeholder("sid")))
    .prepare(),
);

/**
 * The session's user when the session is unexpired and the user active. Every signed-in request
 * asks, so a found session is cached until the database next changes (the read cache): a logout,
 * suspension, role or password change is a write, and takes effect on the very next request.
 */
export function validateSession(
  { db, cache }: { db: Db; cache: ReadCache },
  token: string,
  now: Date,
  life?: SessionLife,
): { sid: string; user: UserRow; reauthenticatedAt: Date | null; extendedTo?: Date } | null {
  if (!/^[a-z2-7]{32}$/.test(token)) return null;
  const sid = sessionIdOf(token);
  const row = cache.get(db, { kind: "session", filters: sid }, () => sessionLookup(db).get({ sid }) ?? null, {
    keep: (found) => found !== null,
  });
  if (!row || row.expire.getTime() <= now.getTime() || row.user.status !== "active") return null;
  const extendedTo = life ? touchSession(db, sid, row, now, life) : undefined;
  return { sid, user: row.user, reauthenticatedAt: row.reauthenticatedAt, extendedTo };
}

/** How long a session lives unused (ttlMs), and at most from sign-in however busy (maxMs). */
export type SessionLife = { ttlMs: number; maxMs: number };
const SEEN_EVERY_MS = 60_000;

/**
 * Sliding expiry without a write per request: past half its life a used session is extended (never
 * beyond the maximum from sign-in), and "last seen" is written at most once a minute.
 */
function touchSession(
  db: Db,
  sid: string,
  row: { expire: Date; sess: SessionData; lastSeenAt: Date | null },
  now: Date,
  life: SessionLife,
): Date | undefined {
  const t = now.getTime();
  const cap = row.sess.createdAt + life.maxMs;
  const target = Math.min(t + life.ttlMs, cap);
  const extend = row.expire.getTime() - t < life.ttlMs / 2 && target > row.expire.getTime();
  const seen = !row.lastSeenAt || t - row.lastSeenAt.getTime() >= SEEN_EVERY_MS;
  if (!extend && !seen) return undefined;
  const expire = extend ? new Date(target) : row.expire;
  db.update(sessions).set({ expire, lastSeenAt: now }).where(eq(sessions.sid, sid)).run();
  return extend ? expire : undefined;
}

export const deleteSession = (tx: DbOrTx, sid: string) =>
  tx.delete(sessions).where(eq(sessions.sid, sid)).run();

/** Ends every session of a user, optionally keeping the one making the change. */
export const deleteUserSessions = (tx: DbOrTx, userId: number, keepSid?: string | null) =>
  tx
    .delete(sessions)
    .where(
      keepSid ? and(eq(sessions.userId, userId), ne(sessions.sid, keepSid)) : eq(sessions.userId, userId),
    )
    .run();

export const purgeExpiredSessions = (tx: DbOrTx, now: Date) =>
  tx.delete(sessions).where(lt(sessions.expire, now)).run();

/** The active users of those sessions still valid, by session id: one query for every open event stream. */
export function usersOfSessions(db: Db, sids: string[], now: Date): Map<string, UserRow> {
  if (!sids.length) return new Map();
  const rows = db
    .select({ sid: sessions.sid, user: users, expire: sessions.expire })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(inArray(sessions.sid, sids))
    .all();
  return new Map(
    rows
      .filter((r) => r.expire.getTime() > now.getTime() && r.user.status === "active")
      .map((r) => [r.sid, r.user]),
  );
}
