import { useId } from "react";
import { type Language, LANGUAGE_NAMES, LANGUAGES } from "../../../src/i18n/languages";
import { useI18n } from "../../../src/i18n/react";
import { Label, NativeSelect } from "../../../src/ui/Input";
import { setOfficeLanguage, useOfficeLanguage } from "../../lib/queries/office-language";
import { useSettingsMutation } from "./use-settings-mutation";

/** Settings → Portal: the language of visitors whose browser asks for none the portal speaks. */
export function OfficeLanguageField() {
  const id = useId();
  const { t } = useI18n();
  const current = useOfficeLanguage();
  const save = useSettingsMutation(setOfficeLanguage, {
    success: (r) => ({ title: t("settings.portal.languageSaved", { language: LANGUAGE_NAMES[r.language] }) }),
    failure: (m) => ({ title: t("settings.saveFailed"), description: m ?? undefined }),
  });
  if (!current.data) return null;
  return (
    <div className="mt-6 flex flex-col gap-1.5 border-t border-gray-200 pt-4">
      <Label htmlFor={id}>{t("settings.portal.language")}</Label>
      <p className="text-sm text-gray-700">{t("settings.portal.languageHelp")}</p>
      <NativeSelect
        id={id}
        className="sm:w-60"
        value={current.data.language}
        disabled={save.isPending}
        onChange={(e) => save.mutate({ language: e.target.value as Language })}
      >
        {LANGUAGES.map((l) => (
          <option key={l} value={l} lang={l}>
            {LANGUAGE_NAMES[l]}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}
