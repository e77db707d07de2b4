import { and, eq, ne } from "drizzle-orm";
import { users } from "../../db/schema";
import type { Deps, WriteCtx } from "../deps";
import { recordAudit, type Actor } from "../audit/audit.service";
import { createSession, deleteSession, deleteUserSessions } from "./sessions";
import { dropResetTokens } from "./reset-tokens";
import { createChallenge } from "./sign-in-challenges";
import { markReauthenticated, reauthRequired } from "./sudo";
import { assertPasswordSignIn, localPasswordAllowed } from "./sso/password-sign-in";
import { badRequest, conflict, unauthorized } from "../errors/domain-error";
import { PASSWORD_REFUSAL, SIGN_IN_REFUSAL, throttledVerify } from "./login-throttle";
import type { LoginInput, UpdateProfileInput, ChangePasswordInput } from "../shared/schemas/auth";

const INVALID = "Invalid email or password";

/**
 * Checks the password within the sign-in budget; unknown e-mail, wrong password and suspended account
 * look the same. With two-factor sign-in on, a right password gives only a second-step challenge.
 */
export async function login({ deps, now, ...input }: WriteCtx & LoginInput & { oldSid?: string | null }) {
  const { limiters, db } = deps;
  assertPasswordSignIn(db, input.email);
  const found = db.select().from(users).where(eq(users.email, input.email)).get();
  const user = found?.status === "active" && localPasswordAllowed(db, found.id) ? found : undefined;
  const ok = await throttledVerify(deps, {
    email: input.email,
    ip: input.actor.ip,
    password: input.password,
    hash: user?.password ?? null,
    refusal: SIGN_IN_REFUSAL,
  });
  if (!user || !ok) throw unauthorized(INVALID);
  limiters.loginByEmail.reset(input.email);
  if (deps.passwords.needsRehash(user.password)) await rehash(deps, user, input.password);
  if (user.twoFactorEnabled) return db.transaction((tx) => createChallenge(tx, user.id, now));
  return db.transaction((tx) => {
    // A pre-set cookie never becomes the new session (fixation): drop it and issue a fresh token.
    if (input.oldSid) deleteSession(tx, input.oldSid);
    const session = createSession(tx, {
      userId: user.id,
      now,
      ttlMs: deps.config.sessionTtlMs,
      ip: input.actor.ip ?? undefined,
      userAgent: input.actor.userAgent ?? undefined,
    });
    recordAudit(
      tx,
      { ...input.actor, userId: user.id },
      { action: "login", entityType: "auth", entityId: user.id, newValue: { email: user.email } },
      now,
    );
    return { user, ...session };
  });
}

/**
 * Re-hashes a right password at today's cost, unless the password changed while it was computed. A busy
 * hashing queue skips it: the sign-in goes on, and the next one tries again.
 */
async function rehash(deps: Deps, user: { id: number; password: string }, password: string) {
  const next = await deps.passwords.hash(password).catch(() => null);
  if (!next) return;
  deps.db
    .update(users)
    .set({ password: next })
    .where(and(eq(users.id, user.id), eq(users.password, user.password)))
    .run();
}

export function logout({ deps, now, ...input }: WriteCtx & { sid: string }) {
  deps.db.transaction((tx) => {
    deleteSession(tx, input.sid);
    recordAudit(tx, input.actor, { action: "logout", entityType: "auth", entityId: input.actor.userId }, now);
  });
}

const WRONG_CURRENT = "Current password is incorrect";

/** The current password, checked within the same budget as sign-in (a stolen session cannot guess it freely). */
async function confirmPassword(
  deps: Deps,
  user: { email: string; password: string },
  password: string,
  actor: Actor,
) {
  const ok = await throttledVerify(deps, {
    email: user.email,
    ip: actor.ip,
    password,
    hash: user.password,
    refusal: PASSWORD_REFUSAL,
  });
  if (!ok) throw badRequest(WRONG_CURRENT, { currentPassword: WRONG_CURRENT });
}

/** Names change freely; a new sign-in e-mail needs the current password. */
export async function updateProfile({
  deps,
  now,
  ...input
}: WriteCtx & UpdateProfileInput & { userId: number; sid: string | null; recentlyConfirmed: boolean }) {
  const current = deps.db.select().from(users).where(eq(users.id, input.userId)).get();
  if (!current) throw unauthorized();
  // A new sign-in e-mail takes the current password, or one re-entered lately in this session.
  const emailChanges = current.email !== input.email;
  if (emailChanges && input.currentPassword)
    await confirmPassword(deps, current, input.currentPassword, input.actor);
  else if (emailChanges && !input.recentlyConfirmed) throw reauthRequired();
  return deps.db.transaction(
    (tx) => {
      const before = tx.select().from(users).where(eq(users.id, input.userId)).get();
      if (!before) throw unauthorized();
      if (before.email !== current.email) throw conflict("Your email changed meanwhile. Please try again.");
      const taken = tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.email, input.email), ne(users.id, input.userId)))
        .get();
      if (taken) throw conflict("Email is already in use");
      const next = { firstName: input.firstName, lastName: input.lastName, email: input.email };
      const after = tx
        .update(users)
        .set({ ...next, updatedAt: now })
        .where(eq(users.id, input.userId))
        .returning()
        .get();
      if (emailChanges && input.currentPassword && input.sid) markReauthenticated(tx, input.sid, now);
      const oldValue = { firstName: before.firstName, lastName: before.lastName, email: before.email };
      recordAudit(
        tx,
        input.actor,
        { action: "profile_updated", entityType: "user", entityId: input.userId, oldValue, newValue: next },
        now,
      );
      return after;
    },
    { behavior: "immediate" },
  );
}

/** Verifies the current password, stores the new hash and ends every other session of the user. */
export async function changePassword({
  deps,
  now,
  ...input
}: WriteCtx & ChangePasswordInput & { userId: number; sid: string | null }) {
  const user = deps.db.select().from(users).where(eq(users.id, input.userId)).get();
  if (!user) throw unauthorized();
  await confirmPassword(deps, user, input.currentPassword, input.actor);
  const hash = await deps.passwords.hash(input.newPassword);
  deps.db.transaction((tx) => {
    tx.update(users)
      .set({ password: hash, mustChangePassword: false, updatedAt: now })
      .where(eq(users.id, input.userId))
      .run();
    deleteUserSessions(tx, input.userId, input.sid);
    if (input.sid) markReauthenticated(tx, input.sid, now);
    dropResetTokens(tx, input.userId);
    recordAudit(
      tx,
      input.actor,
      { action: "password_changed", entityType: "auth", entityId: input.userId },
      now,
    );
  });
}
