import { and, eq } from "drizzle-orm";
import { ssoIdentities, users, type UserRow } from "../../../db/schema";
import type { DbOrTx } from "../../../db/client";
import type { WriteCtx } from "../../deps";
import { recordAudit } from "../../audit/audit.service";
import { toUserDto } from "../../users/users.dto";
import { createSession, deleteSession } from "../sessions";
import { createChallenge } from "../sign-in-challenges";
import { generateSessionToken } from "../sessions";
import { SsoFailure } from "./sso-failure";
import { accessForGroups } from "./group-access";
import type { AccessInput, GroupRule } from "../../shared/schemas/sso";

/** A person as a provider vouches for them. */
export type ExternalIdentity = {
  provider: string;
  subject: string;
  email: string | null;
  emailVerified: boolean;
  firstName?: string;
  lastName?: string;
  groups: string[];
};
export type Provisioning = { createUsers: boolean; newUserAccess: AccessInput; groupRules: GroupRule[] };

const linkedUser = (tx: DbOrTx, provider: string, subject: string) =>
  tx
    .select({ user: users })
    .from(ssoIdentities)
    .innerJoin(users, eq(users.id, ssoIdentities.userId))
    .where(and(eq(ssoIdentities.provider, provider), eq(ssoIdentities.subject, subject)))
    .get()?.user;

const userByEmail = (tx: DbOrTx, email: string | null) =>
  email ? tx.select().from(users).where(eq(users.email, email)).get() : undefined;

/**
 * Signs in the person a provider vouched for: the user linked to that subject, else the user with that
 * verified e-mail (then linked), else, when the provider may create users, a new one with the access its
 * groups give. A second factor is asked for unless the provider is trusted for strong authentication.
 */
export async function signInExternal(
  ctx: WriteCtx & {
    identity: ExternalIdentity;
    provisioning: Provisioning;
    strongAuth: boolean;
    oldSid?: string | null;
  },
) {
  const { deps, now, actor, identity: id } = ctx;
  const email = id.email?.trim().toLowerCase() || null;
  const known = linkedUser(deps.db, id.provider, id.subject);
  if (!known && email && !id.emailVerified) throw new SsoFailure("email_unverified", email);
  if (!known && !email) throw new SsoFailure("email_missing");
  const mayCreate = !known && ctx.provisioning.createUsers && !userByEmail(deps.db, email);
  // A provisioned user has no password of their own: a random, never-told one keeps the column's rule.
  const unusable = mayCreate ? await deps.passwords.hash(generateSessionToken()) : null;
  return deps.db.transaction(
    (tx) => {
      let user: UserRow | undefined = linkedUser(tx, id.provider, id.subject);
      if (!user) {
        user = userByEmail(tx, email) ?? (unusable ? provision(ctx, tx, email!, unusable) : undefined);
        if (!user) throw new SsoFailure("no_account", email ?? undefined);
        tx.insert(ssoIdentities)
          .values({ userId: user.id, provider: id.provider, subject: id.subject, createdAt: now })
          .run();
      }
      if (user.status !== "active") throw new SsoFailure("account_suspended", user.email);
      tx.update(ssoIdentities)
        .set({ lastSignInAt: now })
        .where(and(eq(ssoIdentities.provider, id.provider), eq(ssoIdentities.subject, id.subject)))
        .run();
      if (user.twoFactorEnabled && !ctx.strongAuth) return createChallenge(tx, user.id, now);
      if (ctx.oldSid) deleteSession(tx, ctx.oldSid);
      const session = createSession(tx, {
        userId: user.id,
        now,
        ttlMs: deps.config.sessionTtlMs,
        ip: actor.ip ?? undefined,
        userAgent: actor.userAgent ?? undefined,
      });
      recordAudit(
        tx,
        { ...actor, userId: user.id },
        {
          action: "sso_login",
          entityType: "auth",
          entityId: user.id,
          newValue: { email: user.email, provider: id.provider },
        },
        now,
      );
      return { user, ...session };
    },
    { behavior: "immediate" },
  );
}

function provision(
  ctx: WriteCtx & { identity: ExternalIdentity; provisioning: Provisioning },
  tx: DbOrTx,
  email: string,
  hash: string,
) {
  const { identity: id, now } = ctx;
  const access = accessForGroups(id.groups, ctx.provisioning);
  const row = tx
    .insert(users)
    .values({
      email,
      password: hash,
      firstName: id.firstName?.slice(0, 100) ?? null,
      lastName: id.lastName?.slice(0, 100) ?? null,
      ...access,
      createdAt: now,
      updatedAt: now,
    })
    .returning()
    .get();
  recordAudit(
    tx,
    ctx.actor,
    {
      action: "sso_provisioned",
      entityType: "user",
      entityId: row.id,
      newValue: { ...toUserDto(row), provider: id.provider, groups: id.groups.slice(0, 50) },
    },
    now,
  );
  return row;
}
