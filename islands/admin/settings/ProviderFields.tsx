import { Button } from "../../../src/ui/Button";
import { TextField } from "../../../src/ui/FormField";
import { ProvisioningFields } from "./ProvisioningFields";
import type { ProviderDraft } from "./sign-in-draft";
import { useI18n } from "../../../src/i18n/react";

/** One OpenID Connect provider: where it is, this app's client there, and who it may bring in. */
export function ProviderFields({
  value,
  onChange,
  onRemove,
}: {
  value: ProviderDraft;
  onChange: (next: ProviderDraft) => void;
  onRemove: () => void;
}) {
  const { t } = useI18n();
  const set = (patch: Partial<ProviderDraft>) => onChange({ ...value, ...patch });
  const id = `sso-${value.id || "new"}`;
  const text = (key: "id" | "label" | "issuer" | "clientId" | "scopes" | "groupsClaim", label: string) => (
    <TextField
      id={`${id}-${key}`}
      label={label}
      value={value[key]}
      onChange={(e) => set({ [key]: e.target.value })}
    />
  );
  return (
    <fieldset
      className="grid gap-3 rounded-md border border-gray-200 p-4 sm:grid-cols-2"
      data-testid="sso-provider"
    >
      <legend className="px-1 text-sm font-semibold text-gray-900">
        {value.label || t("access.provider.new")}
      </legend>
      {text("label", t("access.provider.label"))}
      {text("id", t("access.provider.id"))}
      {text("issuer", t("access.provider.issuer"))}
      {text("clientId", t("access.provider.clientId"))}
      <TextField
        id={`${id}-secret`}
        label={t("access.provider.secret")}
        type="password"
        autoComplete="off"
        placeholder={value.hasClientSecret ? t("access.signIn.stored") : ""}
        value={value.clientSecret}
        onChange={(e) => set({ clientSecret: e.target.value })}
      />
      {text("scopes", t("access.provider.scopes"))}
      {text("groupsClaim", t("access.provider.groupsClaim"))}
      <label htmlFor={`${id}-strong`} className="flex items-center gap-2 text-sm text-gray-800">
        <input
          id={`${id}-strong`}
          type="checkbox"
          checked={value.strongAuth}
          onChange={(e) => set({ strongAuth: e.target.checked })}
        />
        {t("access.provider.strong")}
      </label>
      <ProvisioningFields
        id={id}
        value={value.provisioning}
        onChange={(provisioning) => set({ provisioning })}
      />
      <div className="col-span-full">
        <Button type="button" variant="outline" onClick={onRemove}>
          {t("access.provider.remove")}
        </Button>
      </div>
    </fieldset>
  );
}
