import { Button } from "../../../src/ui/Button";
import { TextField } from "../../../src/ui/FormField";
import { ProvisioningFields } from "./ProvisioningFields";
import type { ProviderDraft } from "./sign-in-draft";

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
      <legend className="px-1 text-sm font-semibold text-gray-900">{value.label || "New provider"}</legend>
      {text("label", "Button label")}
      {text("id", "Provider id")}
      {text("issuer", "Issuer URL")}
      {text("clientId", "Client id")}
      <TextField
        id={`${id}-secret`}
        label="Client secret"
        type="password"
        autoComplete="off"
        placeholder={value.hasClientSecret ? "Stored; type to replace" : ""}
        value={value.clientSecret}
        onChange={(e) => set({ clientSecret: e.target.value })}
      />
      {text("scopes", "Scopes")}
      {text("groupsClaim", "Groups claim")}
      <label htmlFor={`${id}-strong`} className="flex items-center gap-2 text-sm text-gray-800">
        <input
          id={`${id}-strong`}
          type="checkbox"
          checked={value.strongAuth}
          onChange={(e) => set({ strongAuth: e.target.checked })}
        />
        Provides strong authentication (no second code here)
      </label>
      <ProvisioningFields
        id={id}
        value={value.provisioning}
        onChange={(provisioning) => set({ provisioning })}
      />
      <div className="col-span-full">
        <Button type="button" variant="outline" onClick={onRemove}>
          Remove provider
        </Button>
      </div>
    </fieldset>
  );
}
