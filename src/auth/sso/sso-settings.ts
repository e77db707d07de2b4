import type { DbOrTx } from "../../../db/client";
import { appSettings } from "../../../db/schema";
import { storedSetting } from "../../settings/stored-setting";
import type { SecretBox } from "../../settings/secret-box";
import type { Config } from "../../config";
import { badRequest } from "../../errors/domain-error";
import { recordAudit, type Actor } from "../../audit/audit.service";
import {
  oidcProviderSchema,
  type LdapInput,
  type OidcProviderInput,
  type SsoSettingsInput,
} from "../../shared/schemas/sso";

const KEY = "auth.sso";

type StoredOidcProvider = Omit<OidcProviderInput, "clientSecret"> & { clientSecretSealed: string };
type StoredLdap = Omit<LdapInput, "bindPassword"> & { bindPasswordSealed: string | null };
export type SsoSettings = Omit<SsoSettingsInput, "providers" | "ldap"> & {
  providers: StoredOidcProvider[];
  ldap: StoredLdap | null;
};

const EMPTY: SsoSettings = { providers: [], ldap: null, passwordSignIn: "everyone", breakGlassEmail: null };

/** The sign-in settings as stored (secrets sealed); read on each sign-in. */
export const readSsoSettings = storedSetting<SsoSettings>(KEY, (value) =>
  value ? { ...EMPTY, ...(JSON.parse(value) as SsoSettings) } : EMPTY,
);

/** A provider ready to use: its client secret opened. The environment's provider has the id "default". */
export type OidcProvider = Omit<OidcProviderInput, "clientSecret"> & { clientSecret: string };

export function oidcProviders(db: DbOrTx, config: Config, box: SecretBox): OidcProvider[] {
  const stored = readSsoSettings(db).providers.map(({ clientSecretSealed, ...p }) => ({
    ...p,
    clientSecret: box.open(clientSecretSealed),
  }));
  if (!config.oidc || stored.some((p) => p.id === "default")) return stored;
  const fromEnv = oidcProviderSchema.parse({ id: "default", ...config.oidc });
  return [{ ...fromEnv, clientSecret: config.oidc.clientSecret }, ...stored];
}

/** The sign-in page's buttons, without opening any secret (a lost key must not break the page). */
export function providerButtons(db: DbOrTx, config: Config) {
  const stored = readSsoSettings(db).providers.map((p) => ({ id: p.id, label: p.label }));
  if (!config.oidc || stored.some((p) => p.id === "default")) return stored;
  return [{ id: "default", label: config.oidc.label }, ...stored];
}

/** The directory settings with the bind password opened, when the directory is on. */
export function ldapSettings(db: DbOrTx, box: SecretBox): (LdapInput & { bindPassword: string }) | null {
  const ldap = readSsoSettings(db).ldap;
  if (!ldap?.enabled) return null;
  const { bindPasswordSealed, ...rest } = ldap;
  return { ...rest, bindPassword: bindPasswordSealed ? box.open(bindPasswordSealed) : "" };
}

/** What the admin screen shows: everything but the secrets, and whether each one is set. */
export function ssoSettingsView(settings: SsoSettings) {
  return {
    ...settings,
    providers: settings.providers.map(({ clientSecretSealed, ...p }) => ({ ...p, hasClientSecret: true })),
    ldap: settings.ldap
      ? (({ bindPasswordSealed, ...l }) => ({ ...l, hasBindPassword: bindPasswordSealed !== null }))(
          settings.ldap,
        )
      : null,
  };
}

/** Saves the settings; a secret left out keeps the stored one. Audited without any secret. */
export function saveSsoSettings(
  tx: DbOrTx,
  input: { box: SecretBox; actor: Actor; now: Date; settings: SsoSettingsInput },
) {
  const before = readSsoSettings(tx);
  const s = input.settings;
  if (new Set(s.providers.map((p) => p.id)).size !== s.providers.length)
    throw badRequest("Each provider needs its own id");
  if (s.passwordSignIn === "break_glass" && !s.breakGlassEmail)
    throw badRequest("Name the administrator who may still sign in with a password");
  const providers = s.providers.map(({ clientSecret, ...p }) => {
    const kept = before.providers.find((o) => o.id === p.id)?.clientSecretSealed;
    if (!clientSecret && !kept) throw badRequest(`Client secret is required for ${p.label}`);
    return { ...p, clientSecretSealed: clientSecret ? input.box.seal(clientSecret) : kept! };
  });
  let ldap: StoredLdap | null = null;
  if (s.ldap) {
    const { bindPassword, ...rest } = s.ldap;
    const kept = before.ldap?.bindPasswordSealed ?? null;
    ldap = { ...rest, bindPasswordSealed: bindPassword ? input.box.seal(bindPassword) : kept };
  }
  const next: SsoSettings = { ...s, providers, ldap };
  const value = JSON.stringify(next);
  tx.insert(appSettings)
    .values({ key: KEY, value, updatedAt: input.now })
    .onConflictDoUpdate({ target: appSettings.key, set: { value, updatedAt: input.now } })
    .run();
  const changedSecrets = [
    ...s.providers.filter((p) => p.clientSecret).map((p) => `${p.id} client secret`),
    ...(s.ldap?.bindPassword ? ["directory bind password"] : []),
  ];
  const { providers: shown, ldap: shownLdap, ...rest } = ssoSettingsView(next);
  recordAudit(
    tx,
    input.actor,
    {
      action: "updated",
      entityType: "sign_in_settings",
      newValue: {
        ...rest,
        providers: shown.map((p) => p.id),
        ldap: shownLdap?.enabled ?? false,
        changedSecrets,
      },
    },
    input.now,
  );
  return ssoSettingsView(next);
}
