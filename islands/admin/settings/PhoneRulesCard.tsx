import { useId } from "react";
import { Card, CardContent, CardHeader, CardTitle } from "../../../src/ui/Card";
import { Label, NativeSelect } from "../../../src/ui/Input";
import { PHONE_COUNTRIES, type PhoneRules } from "../../../src/shared/phone";
import { setPhoneRules, usePhoneRules } from "../../lib/queries/portal-settings";
import { useSettingsMutation } from "./use-settings-mutation";

const names = new Intl.DisplayNames(["en"], { type: "region" });
const COUNTRIES = PHONE_COUNTRIES.map((c) => ({ code: c, name: names.of(c) ?? c })).sort((a, b) =>
  a.name.localeCompare(b.name),
);

/** Settings → Portal: which country a number typed without "+" belongs to, and whether one is asked for. */
export function PhoneRulesCard() {
  const id = useId();
  const rules = usePhoneRules();
  const save = useSettingsMutation(setPhoneRules, {
    success: { title: "Phone number settings saved" },
    failure: (m) => ({ title: "Failed to save the setting", description: m ?? undefined }),
  });
  const change = (next: Partial<PhoneRules>) => rules.data && save.mutate({ ...rules.data, ...next });
  return (
    <Card data-testid="phone-rules">
      <CardHeader>
        <CardTitle level={2}>Phone Numbers</CardTitle>
      </CardHeader>
      <CardContent>
        {rules.data && (
          <fieldset className="flex flex-col gap-3" disabled={save.isPending}>
            <div className="flex flex-col gap-1.5">
              <Label htmlFor={`${id}-country`}>Default country</Label>
              <NativeSelect
                id={`${id}-country`}
                value={rules.data.country}
                onChange={(e) => change({ country: e.target.value as PhoneRules["country"] })}
              >
                {COUNTRIES.map((c) => (
                  <option key={c.code} value={c.code}>
                    {c.name}
                  </option>
                ))}
              </NativeSelect>
              <p className="text-sm text-gray-700">
                Numbers are shown as people there write them; others start with + and the country code.
              </p>
            </div>
            <label htmlFor={`${id}-required`} className="flex items-center gap-2 text-sm">
              <input
                id={`${id}-required`}
                type="checkbox"
                checked={rules.data.required}
                onChange={(e) => change({ required: e.target.checked })}
              />
              A phone number is required on the portal
            </label>
          </fieldset>
        )}
      </CardContent>
    </Card>
  );
}
