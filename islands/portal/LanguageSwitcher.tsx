import { useId } from "react";
import { LANGUAGE_COOKIE, LANGUAGE_NAMES, LANGUAGES, type Language } from "../../src/i18n/languages";
import { useI18n } from "../../src/i18n/react";

const YEAR_SECONDS = 365 * 24 * 60 * 60;

/** The portal's language picker: remembered in a cookie, so every later page (and e-mail) follows it. */
export function LanguageSwitcher() {
  const { lang, t } = useI18n();
  const id = useId();
  const choose = (next: Language) => {
    // biome-ignore lint/suspicious/noDocumentCookie: one preference cookie; the Cookie Store API is missing in some browsers
    document.cookie = `${LANGUAGE_COOKIE}=${next}; path=/; max-age=${YEAR_SECONDS}; samesite=lax`;
    window.location.reload();
  };
  return (
    <span className="flex items-center gap-1">
      <label htmlFor={id} className="sr-only">
        {t("portal.language")}
      </label>
      <select
        id={id}
        value={lang}
        onChange={(e) => choose(e.target.value as Language)}
        className="h-8 rounded-md border border-gray-300 bg-white px-2 text-sm text-gray-800"
      >
        {LANGUAGES.map((l) => (
          <option key={l} value={l} lang={l}>
            {LANGUAGE_NAMES[l]}
          </option>
        ))}
      </select>
    </span>
  );
}
