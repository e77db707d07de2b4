import { and, asc, eq, gt } from "drizzle-orm";
import { sessions } from "../../db/schema";
import type { DbWriteCtx, Deps } from "../deps";
import { recordAudit } from "../audit/audit.service";
import { notFound } from "../errors/domain-error";
import type { SessionDto } from "../shared/dto";
import { deviceOf } from "./device";
import { deleteUserSessions } from "./sessions";

/** A session is named to its owner by a prefix of its stored hash: enough to tell, never enough to use. */
const handleOf = (sid: string) => sid.slice(0, 16);

/** The user's unexpired sessions, newest sign-in first, with the one making the request marked. */
export function listSessions(deps: Pick<Deps, "db" | "now">, userId: number, currentSid: string | null) {
  const rows = deps.db
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expire, deps.now())))
    .orderBy(asc(sessions.expire))
    .all();
  return rows
    .map(
      (r): SessionDto => ({
        id: handleOf(r.sid),
        current: r.sid === currentSid,
        device: deviceOf(r.sess.userAgent),
        ip: r.sess.ip ?? null,
        signedInAt: new Date(r.sess.createdAt).toISOString(),
        lastSeenAt: (r.lastSeenAt ?? new Date(r.sess.createdAt)).toISOString(),
        expiresAt: r.expire.toISOString(),
      }),
    )
    .sort((a, b) => b.signedInAt.localeCompare(a.signedInAt));
}

/** Ends one of the user's own sessions; another user's handle is an unknown one. */
export function revokeSession({ db, now, ...input }: DbWriteCtx & { userId: number; id: string }) {
  return db.transaction((tx) => {
    const own = tx
      .select({ sid: sessions.sid })
      .from(sessions)
      .where(eq(sessions.userId, input.userId))
      .all();
    const hit = own.find((s) => handleOf(s.sid) === input.id);
    if (!hit) throw notFound("Session");
    tx.delete(sessions).where(eq(sessions.sid, hit.sid)).run();
    recordAudit(
      tx,
      input.actor,
      { action: "sessions_revoked", entityType: "auth", entityId: input.userId, newValue: { sessions: 1 } },
      now,
    );
    return hit.sid;
  });
}

/** "Sign out everywhere": every session of the user ends, this one too unless it is kept. */
export function revokeAllSessions({ db, ...input }: DbWriteCtx & { userId: number; keepSid: string | null }) {
  db.transaction((tx) => {
    const ended = tx
      .select({ sid: sessions.sid })
      .from(sessions)
      .where(eq(sessions.userId, input.userId))
      .all()
      .filter((s) => s.sid !== input.keepSid).length;
    deleteUserSessions(tx, input.userId, input.keepSid);
    recordAudit(
      tx,
      input.actor,
      {
        action: "sessions_revoked",
        entityType: "auth",
        entityId: input.userId,
        newValue: { sessions: ended },
      },
      input.now,
    );
  });
}
