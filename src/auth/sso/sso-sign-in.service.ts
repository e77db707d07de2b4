import { and, eq } from "drizzle-orm";
import { ssoIdentities, users } from "../../../db/schema";
import type { WriteCtx } from "../../deps";
import { notFound, tooMany, unauthorized, unavailable } from "../../errors/domain-error";
import { addressKey } from "../../shared/address-key";
import { SIGN_IN_REFUSAL } from "../login-throttle";
import { login } from "../auth.service";
import { auditFailure, SsoFailure } from "./sso-failure";
import { ldapSettings, oidcProviders, providerButtons, readSsoSettings } from "./sso-settings";
import { finishOidc, startOidc } from "./oidc";
import { directorySignIn } from "./ldap";
import { signInExternal } from "./external-sign-in";

type Ctx = WriteCtx & { oldSid?: string | null };

/** What the sign-in page offers: the providers' buttons, whether the directory is on, and the password rule. */
export function signInOptions(ctx: Pick<WriteCtx, "deps">) {
  const { db, config } = ctx.deps;
  const s = readSsoSettings(db);
  return {
    providers: providerButtons(db, config),
    directory: s.ldap?.enabled ?? false,
    passwordSignIn: s.passwordSignIn,
  };
}

const providerOf = ({ deps }: Pick<WriteCtx, "deps">, id: string) => {
  const p = oidcProviders(deps.db, deps.config, deps.secrets).find((x) => x.id === id);
  if (!p) throw notFound("Sign-in provider");
  return p;
};

export const startProviderSignIn = (ctx: WriteCtx & { providerId: string; redirectUri: string }) =>
  startOidc(ctx.deps, providerOf(ctx, ctx.providerId), ctx.redirectUri, ctx.now);

/** The provider's answer: every check, then the user's session (or a second-step challenge). Failures are audited. */
export async function finishProviderSignIn(
  ctx: Ctx & { providerId: string; callbackUrl: URL; flowCookie?: string },
) {
  const p = providerOf(ctx, ctx.providerId);
  try {
    const identity = await finishOidc(ctx.deps, p, { ...ctx, now: ctx.now });
    return await signInExternal({ ...ctx, identity, provisioning: p, strongAuth: p.strongAuth });
  } catch (err) {
    // Without a flow cookie no sign-in was started here: not worth an audit row anyone could write at will.
    if (err instanceof SsoFailure && ctx.flowCookie !== undefined)
      auditFailure(ctx.deps, ctx.actor, `oidc:${p.id}`, err, ctx.now);
    throw err;
  }
}

/** A throttle slot for a directory password check, given back only when the password was right. */
function reserveAttempt(ctx: WriteCtx, login: string) {
  const { loginByEmail, loginByIp } = ctx.deps.limiters;
  const byLogin = loginByEmail.reserve(login.toLowerCase());
  if (byLogin.wait > 0) throw tooMany(byLogin.wait, SIGN_IN_REFUSAL);
  const byIp = loginByIp.reserve(addressKey(ctx.actor.ip ?? "unknown"));
  if (byIp.wait > 0) {
    byLogin.release();
    throw tooMany(byIp.wait, SIGN_IN_REFUSAL);
  }
  return () => {
    byLogin.release();
    byIp.release();
  };
}

/** A local account (by e-mail) that never came from the directory: only such a one may use its own password. */
const localOnly = (ctx: WriteCtx, login: string) => {
  const user = ctx.deps.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, login.toLowerCase()))
    .get();
  if (!user) return false;
  const linked = ctx.deps.db
    .select({ id: ssoIdentities.id })
    .from(ssoIdentities)
    .where(and(eq(ssoIdentities.userId, user.id), eq(ssoIdentities.provider, "ldap")))
    .get();
  return !linked;
};

/**
 * Sign-in with the directory password. A login the directory does not know falls back to the local
 * password (the break-glass admin), unless that user came from the directory: a leaver stays out.
 */
export async function directoryPasswordSignIn(ctx: Ctx & { login: string; password: string }) {
  const s = ldapSettings(ctx.deps.db, ctx.deps.secrets);
  if (!s) throw notFound("Directory sign-in");
  const release = reserveAttempt(ctx, ctx.login);
  try {
    const identity = await directorySignIn(s, ctx.login, ctx.password);
    const result = await signInExternal({ ...ctx, identity, provisioning: s, strongAuth: false });
    release();
    return result;
  } catch (err) {
    if (!(err instanceof SsoFailure)) throw err;
    if (err.reason === "not_in_directory" && localOnly(ctx, ctx.login)) {
      release();
      return login({ ...ctx, email: ctx.login.toLowerCase(), password: ctx.password });
    }
    auditFailure(ctx.deps, ctx.actor, "ldap", err, ctx.now);
    if (err.reason === "provider_unreachable")
      throw unavailable("The directory cannot be reached. Please try again later.");
    throw unauthorized("Invalid email or password");
  }
}
