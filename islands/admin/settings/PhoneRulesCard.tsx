import { useId, useMemo } from "react";
import { useI18n } from "../../../src/i18n/react";
import { Card, CardContent, CardHeader, CardTitle } from "../../../src/ui/Card";
import { Label, NativeSelect } from "../../../src/ui/Input";
import { PHONE_COUNTRIES, type PhoneRules } from "../../../src/shared/phone";
import { setPhoneRules, usePhoneRules } from "../../lib/queries/portal-settings";
import { useSettingsMutation } from "./use-settings-mutation";

/** Country names in the viewer's language, in that language's alphabetical order. */
function countries(lang: string) {
  const names = new Intl.DisplayNames([lang], { type: "region" });
  return PHONE_COUNTRIES.map((c) => ({ code: c, name: names.of(c) ?? c })).sort((a, b) =>
    a.name.localeCompare(b.name, lang),
  );
}

/** Settings → Portal: which country a number typed without "+" belongs to, and whether one is asked for. */
export function PhoneRulesCard() {
  const id = useId();
  const { t, lang } = useI18n();
  const list = useMemo(() => countries(lang), [lang]);
  const rules = usePhoneRules();
  const save = useSettingsMutation(setPhoneRules, {
    success: { title: t("settings.portal.phoneSaved") },
    failure: (m) => ({ title: t("settings.saveFailed"), description: m ?? undefined }),
  });
  const change = (next: Partial<PhoneRules>) => rules.data && save.mutate({ ...rules.data, ...next });
  return (
    <Card data-testid="phone-rules">
      <CardHeader>
        <CardTitle level={2}>{t("settings.portal.phone")}</CardTitle>
      </CardHeader>
      <CardContent>
        {rules.data && (
          <fieldset className="flex flex-col gap-3" disabled={save.isPending}>
            <div className="flex flex-col gap-1.5">
              <Label htmlFor={`${id}-country`}>{t("settings.portal.country")}</Label>
              <NativeSelect
                id={`${id}-country`}
                value={rules.data.country}
                onChange={(e) => change({ country: e.target.value as PhoneRules["country"] })}
              >
                {list.map((c) => (
                  <option key={c.code} value={c.code}>
                    {c.name}
                  </option>
                ))}
              </NativeSelect>
              <p className="text-sm text-gray-700">{t("settings.portal.countryHelp")}</p>
            </div>
            <label htmlFor={`${id}-required`} className="flex items-center gap-2 text-sm">
              <input
                id={`${id}-required`}
                type="checkbox"
                checked={rules.data.required}
                onChange={(e) => change({ required: e.target.checked })}
              />
              {t("settings.portal.phoneRequired")}
            </label>
          </fieldset>
        )}
      </CardContent>
    </Card>
  );
}
