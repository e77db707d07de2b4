import { and, count, eq } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { users } from "../../db/schema";
import type { DbWriteCtx, WriteCtx } from "../deps";
import { recordAudit } from "../audit/audit.service";
import { badRequest, conflict, notFound } from "../errors/domain-error";
import { deleteUserSessions } from "./sessions";
import { dropResetTokens } from "./reset-tokens";
import { queueResetMail } from "./recovery.service";
import { assertNotOwnAccount } from "./own-account";

const findUser = (db: DbOrTx, id: number) => {
  const user = db.select().from(users).where(eq(users.id, id)).get();
  if (!user) throw notFound("User");
  return user;
};

/** An admin sends a user the same single-use link "Forgot password" would. */
export function sendResetLink({ deps, now, ...input }: WriteCtx & { id: number }) {
  deps.db.transaction((tx) => {
    const user = findUser(tx, input.id);
    assertNotOwnAccount(input.actor, user.id);
    if (user.status !== "active") throw badRequest("A suspended user cannot reset their password");
    queueResetMail(tx, user, now);
    recordAudit(
      tx,
      input.actor,
      {
        action: "password_reset_requested",
        entityType: "user",
        entityId: user.id,
        newValue: { by: "admin" },
      },
      now,
    );
  });
  deps.wakeMailer();
}

/**
 * Sets a temporary password that must be changed at next sign-in; the user's sessions and reset
 * links end at once. Used by admins in the app and by the box's owner from the command line.
 */
export function setTemporaryPassword({
  db,
  now,
  ...input
}: DbWriteCtx & { id: number; passwordHash: string }) {
  db.transaction((tx) => {
    const user = findUser(tx, input.id);
    assertNotOwnAccount(input.actor, user.id);
    tx.update(users)
      .set({ password: input.passwordHash, mustChangePassword: true, updatedAt: now })
      .where(eq(users.id, user.id))
      .run();
    dropResetTokens(tx, user.id);
    deleteUserSessions(tx, user.id);
    recordAudit(
      tx,
      input.actor,
      { action: "temporary_password_set", entityType: "user", entityId: user.id },
      now,
    );
  });
}

/** For an owner locked out of every admin account: only when no active admin is left. */
export function createRescueAdmin({
  db,
  now,
  ...input
}: DbWriteCtx & { email: string; passwordHash: string }) {
  const email = input.email.toLowerCase();
  return db.transaction(
    (tx) => {
      const admins = tx
        .select({ n: count() })
        .from(users)
        .where(and(eq(users.role, "admin"), eq(users.status, "active")))
        .get()!.n;
      if (admins > 0)
        throw conflict("An active admin exists; ask them, or use reset-password for that account");
      const existing = tx.select().from(users).where(eq(users.email, email)).get();
      const values = {
        role: "admin" as const,
        status: "active" as const,
        mustChangePassword: true,
        password: input.passwordHash,
        updatedAt: now,
      };
      const row = existing
        ? tx.update(users).set(values).where(eq(users.id, existing.id)).returning().get()
        : tx
            .insert(users)
            .values({ email, ...values, createdAt: now })
            .returning()
            .get();
      deleteUserSessions(tx, row.id);
      recordAudit(
        tx,
        input.actor,
        {
          action: existing ? "role_changed" : "created",
          entityType: "user",
          entityId: row.id,
          newValue: { email, role: "admin", by: "command line" },
        },
        now,
      );
      return row;
    },
    { behavior: "immediate" },
  );
}
