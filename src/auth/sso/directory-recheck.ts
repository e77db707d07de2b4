import { and, eq, gt } from "drizzle-orm";
import { sessions, ssoIdentities } from "../../../db/schema";
import type { Deps } from "../../deps";
import { recordAudit, SYSTEM_ACTOR } from "../../audit/audit.service";
import { deleteUserSessions } from "../sessions";
import { goneFromDirectory } from "./ldap";
import { ldapSettings } from "./sso-settings";
import { SsoFailure } from "./sso-failure";

/** How often signed-in directory users are looked up again: a leaver's sessions end within this. */
export const DIRECTORY_RECHECK_MS = 5 * 60_000;

/**
 * Ends the sessions of directory users whose entry was removed or is now excluded by the user filter
 * (disabled). An unreachable directory ends nobody's session: an outage must not sign everyone out.
 */
export async function recheckDirectoryUsers(deps: Deps): Promise<number> {
  const s = ldapSettings(deps.db, deps.secrets);
  if (!s) return 0;
  const linked = deps.db
    .selectDistinct({ userId: ssoIdentities.userId, dn: ssoIdentities.subject })
    .from(ssoIdentities)
    .innerJoin(sessions, eq(sessions.userId, ssoIdentities.userId))
    .where(and(eq(ssoIdentities.provider, "ldap"), gt(sessions.expire, deps.now())))
    .all();
  if (!linked.length) return 0;
  let gone: string[];
  try {
    gone = await goneFromDirectory(
      s,
      linked.map((l) => l.dn),
    );
  } catch (err) {
    if (err instanceof SsoFailure) return 0;
    throw err;
  }
  const ended = linked.filter((l) => gone.includes(l.dn));
  const now = deps.now();
  deps.db.transaction((tx) => {
    for (const l of ended) {
      deleteUserSessions(tx, l.userId);
      const entry = { action: "sso_revoked", entityType: "auth", entityId: l.userId };
      recordAudit(
        tx,
        SYSTEM_ACTOR,
        { ...entry, newValue: { provider: "ldap", reason: "not_in_directory" } },
        now,
      );
    }
  });
  return ended.length;
}
