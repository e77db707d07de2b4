import { useEffect, useId, useState } from "react";
import { useI18n } from "../../../src/i18n/react";
import { Button } from "../../../src/ui/Button";
import { Card, CardContent, CardHeader, CardTitle } from "../../../src/ui/Card";
import { FieldError, Input, Label } from "../../../src/ui/Input";
import { publicAddressSchema } from "../../../src/shared/schemas/public-address";
import { setPublicAddress, usePublicAddress } from "../../lib/queries/portal-settings";
import { useSettingsMutation } from "./use-settings-mutation";

/** Settings → Portal: the address links in e-mails start with; read-only when PUBLIC_URL sets it. */
export function PublicAddressCard() {
  const id = useId();
  const { t } = useI18n();
  const address = usePublicAddress();
  const [value, setValue] = useState("");
  const [error, setError] = useState<string>();
  useEffect(() => setValue(address.data?.publicUrl ?? ""), [address.data?.publicUrl]);
  const save = useSettingsMutation(setPublicAddress, {
    success: (r) => ({ title: t("settings.portal.addressSaved", { url: r.publicUrl ?? "" }) }),
    failure: (m) => ({ title: t("settings.portal.addressFailed"), description: m ?? undefined }),
  });
  const locked = address.data?.setByEnvironment ?? false;
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const parsed = publicAddressSchema.safeParse({ publicUrl: value });
    setError(parsed.success ? undefined : parsed.error.issues[0]?.message);
    if (parsed.success) save.mutate(parsed.data);
  };
  return (
    <Card data-testid="public-address">
      <CardHeader>
        <CardTitle level={2}>{t("settings.portal.address")}</CardTitle>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} className="flex flex-col gap-2" noValidate>
          <Label htmlFor={`${id}-url`}>{t("settings.portal.addressLabel")}</Label>
          <div className="flex flex-wrap gap-2">
            <Input
              id={`${id}-url`}
              className="min-w-0 flex-1"
              value={value}
              placeholder="https://help.example.com"
              disabled={locked || !address.data}
              aria-invalid={Boolean(error)}
              aria-describedby={error ? `${id}-err` : undefined}
              onChange={(e) => setValue(e.target.value)}
            />
            {!locked && (
              <Button type="submit" disabled={save.isPending || !address.data}>
                {t("settings.portal.save")}
              </Button>
            )}
          </div>
          <FieldError id={`${id}-err`} message={error} />
          <p className="text-sm text-gray-700">{t("settings.portal.addressHelp")}</p>
          {locked && (
            <p className="text-sm font-medium text-amber-800">{t("settings.portal.addressLocked")}</p>
          )}
          {(address.data?.heldMail ?? 0) > 0 && (
            <p className="text-sm font-medium text-amber-800">
              {t("settings.portal.held", { count: address.data?.heldMail ?? 0 })}
            </p>
          )}
        </form>
      </CardContent>
    </Card>
  );
}
