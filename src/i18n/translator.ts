import { type Messages, setupI18n } from "@lingui/core";
import type { MessageKey } from "./catalogs/en";
import type { Language } from "./languages";

export type Values = Record<string, string | number>;

/** Texts, dates and numbers in one language; built once per language from its compiled catalog. */
export type Translator = {
  lang: Language;
  t: (key: MessageKey, values?: Values) => string;
  /** A message made elsewhere in English (a form check, a server answer): translated where the catalog has it. */
  message: (english: string) => string;
  date: (value: Date | string | number, options?: Intl.DateTimeFormatOptions) => string;
  number: (value: number, options?: Intl.NumberFormatOptions) => string;
};

export function createTranslator(lang: Language, messages: Messages): Translator {
  const i18n = setupI18n({ locale: lang, messages: { [lang]: messages } });
  return {
    lang,
    t: (key, values) => i18n._(key, values),
    message: (english) => (english in messages ? i18n._(english) : english),
    date: (value, options = { dateStyle: "medium", timeStyle: "short" }) =>
      new Intl.DateTimeFormat(lang, options).format(new Date(value)),
    number: (value, options) => new Intl.NumberFormat(lang, options).format(value),
  };
}
