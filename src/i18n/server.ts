import type { Locale } from "date-fns";
import { de as deDates, enUS, es as esDates, fr as frDates } from "date-fns/locale";
import de from "./catalogs/de";
import en from "./catalogs/en";
import es from "./catalogs/es";
import fr from "./catalogs/fr";
import { compileCatalog } from "./compile";
import staffDe from "./staff/de";
import staffEn from "./staff/en";
import staffEs from "./staff/es";
import staffFr from "./staff/fr";
import type { Language } from "./languages";
import { createTranslator, type Translator } from "./translator";

const catalogs = {
  en: { ...en, ...staffEn },
  de: { ...de, ...staffDe },
  fr: { ...fr, ...staffFr },
  es: { ...es, ...staffEs },
} satisfies Record<Language, Record<string, string>>;

// Each language is compiled the first time a page or mail asks for it, then kept read-only: an
// office that never sees a language does not hold its compiled messages.
const translators: Partial<Record<Language, Translator>> = {};

export const translatorFor = (lang: Language): Translator =>
  (translators[lang] ??= createTranslator(lang, compileCatalog(catalogs[lang])));

const dateLocales: Record<Language, Locale> = { en: enUS, de: deDates, fr: frDates, es: esDates };

/** date-fns's words for months and days, for pages formatted on the server. */
export const dateLocaleFor = (lang: Language): Locale => dateLocales[lang];
