import { useId } from "react";
import { type Language, LANGUAGE_NAMES, LANGUAGES } from "../../../src/i18n/languages";
import { Label, NativeSelect } from "../../../src/ui/Input";
import { setOfficeLanguage, useOfficeLanguage } from "../../lib/queries/office-language";
import { useSettingsMutation } from "./use-settings-mutation";

/** Settings → Portal: the language of visitors whose browser asks for none the portal speaks. */
export function OfficeLanguageField() {
  const id = useId();
  const current = useOfficeLanguage();
  const save = useSettingsMutation(setOfficeLanguage, {
    success: (r) => ({ title: `The portal's default language is now ${LANGUAGE_NAMES[r.language]}` }),
    failure: (m) => ({ title: "Failed to save the setting", description: m ?? undefined }),
  });
  if (!current.data) return null;
  return (
    <div className="mt-6 flex flex-col gap-1.5 border-t border-gray-200 pt-4">
      <Label htmlFor={id}>Default language</Label>
      <p className="text-sm text-gray-700">
        For visitors whose browser asks for none of these, and for e-mails to requesters who wrote in by mail.
      </p>
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
