import { TextField } from "../../../src/ui/FormField";
import { ProvisioningFields } from "./ProvisioningFields";
import type { LdapDraft } from "./sign-in-draft";
import { useI18n } from "../../../src/i18n/react";

type TextKey =
  | "url"
  | "bindDn"
  | "searchBase"
  | "userFilter"
  | "emailAttribute"
  | "firstNameAttribute"
  | "lastNameAttribute"
  | "groupBase"
  | "groupFilter"
  | "groupNameAttribute";

const FIELDS: TextKey[] = [
  "url",
  "bindDn",
  "searchBase",
  "userFilter",
  "emailAttribute",
  "firstNameAttribute",
  "lastNameAttribute",
  "groupBase",
  "groupFilter",
  "groupNameAttribute",
];
// the filters' own placeholders, shown literally inside the translated label
const LITERALS = { login: "{login}", dn: "{dn}" };

/** The LDAP directory: where it is, how to find people and their groups, and TLS. */
export function DirectoryFields({
  value,
  onChange,
}: {
  value: LdapDraft;
  onChange: (next: LdapDraft) => void;
}) {
  const { t } = useI18n();
  const set = (patch: Partial<LdapDraft>) => onChange({ ...value, ...patch });
  return (
    <fieldset
      className="grid gap-3 rounded-md border border-gray-200 p-4 sm:grid-cols-2"
      data-testid="sso-directory"
    >
      <legend className="px-1 text-sm font-semibold text-gray-900">{t("access.ldap.legend")}</legend>
      <label htmlFor="ldap-enabled" className="col-span-full flex items-center gap-2 text-sm text-gray-800">
        <input
          id="ldap-enabled"
          type="checkbox"
          checked={value.enabled}
          onChange={(e) => set({ enabled: e.target.checked })}
        />
        {t("access.ldap.enabled")}
      </label>
      {FIELDS.map((key) => (
        <TextField
          key={key}
          id={`ldap-${key}`}
          label={t(`access.ldap.${key}`, LITERALS)}
          value={value[key]}
          onChange={(e) => set({ [key]: e.target.value })}
        />
      ))}
      <TextField
        id="ldap-bind-password"
        label={t("access.ldap.bindPassword")}
        type="password"
        autoComplete="off"
        placeholder={value.hasBindPassword ? t("access.signIn.stored") : ""}
        value={value.bindPassword}
        onChange={(e) => set({ bindPassword: e.target.value })}
      />
      <label htmlFor="ldap-starttls" className="flex items-center gap-2 text-sm text-gray-800">
        <input
          id="ldap-starttls"
          type="checkbox"
          checked={value.startTls}
          onChange={(e) => set({ startTls: e.target.checked })}
        />
        {t("access.ldap.startTls")}
      </label>
      <label
        htmlFor="ldap-ca"
        className="col-span-full flex flex-col gap-1.5 text-sm font-medium text-gray-900"
      >
        {t("access.ldap.ca")}
        <textarea
          id="ldap-ca"
          rows={3}
          className="rounded-md border border-gray-300 px-2 py-1.5 font-mono text-xs"
          value={value.caCertificate ?? ""}
          onChange={(e) => set({ caCertificate: e.target.value })}
        />
      </label>
      <ProvisioningFields
        id="ldap"
        value={value.provisioning}
        onChange={(provisioning) => set({ provisioning })}
      />
    </fieldset>
  );
}
