import { useId, useState } from "react";
import { LANGUAGE_NAMES, LANGUAGES } from "../../src/i18n/languages";
import { useI18n } from "../../src/i18n/react";
import type { AuthUser } from "../../src/shared/dto";
import { FieldError, Label, NativeSelect } from "../../src/ui/Input";
import { api, serverMessage } from "../lib/api";

/** Profile: the user's own language; the page reloads in it. Empty follows the browser. */
export function LanguagePicker({ user }: { user: AuthUser }) {
  const id = useId();
  const { t, message } = useI18n();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const choose = async (value: string) => {
    setBusy(true);
    try {
      await api.put("/api/auth/language", { language: value || null });
      window.location.reload();
    } catch (err) {
      setBusy(false);
      setError(message(serverMessage(err, t("requester.failed"))));
    }
  };
  return (
    <div className="mt-6 flex flex-col gap-1.5 border-t border-gray-200 pt-4">
      <Label htmlFor={id}>{t("profile.language")}</Label>
      <NativeSelect
        id={id}
        className="sm:w-60"
        value={user.language ?? ""}
        disabled={busy}
        onChange={(e) => void choose(e.target.value)}
      >
        <option value="">{t("profile.languageAuto")}</option>
        {LANGUAGES.map((l) => (
          <option key={l} value={l} lang={l}>
            {LANGUAGE_NAMES[l]}
          </option>
        ))}
      </NativeSelect>
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}
