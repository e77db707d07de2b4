import { useState, type FormEvent } from "react";
import { Button } from "../../../src/ui/Button";
import { Card, CardContent, CardHeader, CardTitle } from "../../../src/ui/Card";
import { FormAlert, TextField } from "../../../src/ui/FormField";
import { saveSignInSettings, useSignInSettings } from "../../lib/queries/sso";
import { useSettingsMutation } from "./use-settings-mutation";
import { ProviderFields } from "./ProviderFields";
import { DirectoryFields } from "./DirectoryFields";
import { GroupRuleError } from "./group-rules-text";
import {
  blankProvisioning,
  fromDraft,
  toDraft,
  type LdapDraft,
  type ProviderDraft,
  type SignInDraft,
} from "./sign-in-draft";
import { useI18n } from "../../../src/i18n/react";

const newProvider = (n: number): ProviderDraft => ({
  id: `provider-${n}`,
  label: "",
  issuer: "https://",
  clientId: "",
  clientSecret: "",
  hasClientSecret: false,
  scopes: "openid email profile",
  groupsClaim: "groups",
  strongAuth: false,
  provisioning: blankProvisioning,
  draftKey: `new-${n}-${Math.random()}`,
});

const newDirectory: LdapDraft = {
  enabled: true,
  url: "ldap://",
  startTls: true,
  caCertificate: "",
  bindDn: "",
  bindPassword: "",
  hasBindPassword: false,
  searchBase: "",
  userFilter: "(&(objectClass=inetOrgPerson)(|(mail={login})(uid={login})))",
  emailAttribute: "mail",
  firstNameAttribute: "givenName",
  lastNameAttribute: "sn",
  groupBase: "",
  groupFilter: "(&(objectClass=groupOfNames)(member={dn}))",
  groupNameAttribute: "cn",
  provisioning: blankProvisioning,
};

/** Settings → Sign-in: OpenID Connect providers, the LDAP directory, and who may still use a password. */
export function SignInPanel() {
  const { t, message } = useI18n();
  const settings = useSignInSettings();
  const [draft, setDraft] = useState<SignInDraft | null>(null);
  const [error, setError] = useState<string | null>(null);
  const save = useSettingsMutation(saveSignInSettings, {
    success: { title: t("access.signIn.saved") },
    failure: (m) => ({ title: t("access.signIn.saveFailed"), description: m ?? undefined }),
    onSuccess: () => setDraft(null),
  });
  const d = draft ?? (settings.data ? toDraft(settings.data) : null);
  if (!d) return <p className="p-4 text-sm text-gray-600">{t("access.signIn.loading")}</p>;
  const set = (patch: Partial<SignInDraft>) => setDraft({ ...d, ...patch });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    try {
      setError(null);
      save.mutate(fromDraft(d));
    } catch (err) {
      setError(
        err instanceof GroupRuleError
          ? t("access.signIn.badRule", { line: err.line })
          : message((err as Error).message),
      );
    }
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle level={2}>{t("access.signIn.title")}</CardTitle>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} className="space-y-4" data-testid="sign-in-settings">
          {error && <FormAlert>{error}</FormAlert>}
          <label
            htmlFor="password-sign-in"
            className="flex flex-col gap-1.5 text-sm font-medium text-gray-900"
          >
            {t("access.signIn.password")}
            <select
              id="password-sign-in"
              className="rounded-md border border-gray-300 px-2 py-1.5"
              value={d.passwordSignIn}
              onChange={(e) => set({ passwordSignIn: e.target.value as SignInDraft["passwordSignIn"] })}
            >
              <option value="everyone">{t("access.signIn.everyone")}</option>
              <option value="break_glass">{t("access.signIn.breakGlass")}</option>
            </select>
          </label>
          {d.passwordSignIn === "break_glass" && (
            <TextField
              id="break-glass-email"
              label={t("access.signIn.breakGlassEmail")}
              type="email"
              value={d.breakGlassEmail}
              onChange={(e) => set({ breakGlassEmail: e.target.value })}
            />
          )}
          {d.providers.map((p, i) => (
            <ProviderFields
              key={p.draftKey}
              value={p}
              onChange={(next) => set({ providers: d.providers.map((x, j) => (j === i ? next : x)) })}
              onRemove={() => set({ providers: d.providers.filter((_, j) => j !== i) })}
            />
          ))}
          {d.ldap ? <DirectoryFields value={d.ldap} onChange={(ldap) => set({ ldap })} /> : null}
          <div className="flex flex-wrap gap-2">
            <Button
              type="button"
              variant="outline"
              onClick={() => set({ providers: [...d.providers, newProvider(d.providers.length + 1)] })}
            >
              {t("access.signIn.addProvider")}
            </Button>
            {!d.ldap && (
              <Button type="button" variant="outline" onClick={() => set({ ldap: newDirectory })}>
                {t("access.signIn.addDirectory")}
              </Button>
            )}
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? t("access.signIn.saving") : t("access.signIn.save")}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
