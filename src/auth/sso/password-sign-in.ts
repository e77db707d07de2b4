import { and, eq } from "drizzle-orm";
import type { DbOrTx } from "../../../db/client";
import { ssoIdentities } from "../../../db/schema";
import { forbidden } from "../../errors/domain-error";
import { readSsoSettings } from "./sso-settings";

const PASSWORD_SIGN_IN_OFF = "Password sign-in is turned off. Please use single sign-on.";

/** With password sign-in off, only the named break-glass administrator may still use a password. */
export function assertPasswordSignIn(db: DbOrTx, email: string) {
  const s = readSsoSettings(db);
  if (s.passwordSignIn === "everyone") return;
  if (s.breakGlassEmail && email.trim().toLowerCase() === s.breakGlassEmail) return;
  throw forbidden(PASSWORD_SIGN_IN_OFF);
}

/** An account that came from the directory signs in only through it: a local password would outlive a leaver. */
export function localPasswordAllowed(db: DbOrTx, userId: number) {
  const linked = db
    .select({ id: ssoIdentities.id })
    .from(ssoIdentities)
    .where(and(eq(ssoIdentities.userId, userId), eq(ssoIdentities.provider, "ldap")))
    .get();
  return !linked;
}
