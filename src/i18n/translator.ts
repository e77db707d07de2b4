import { type Messages, setupI18n } from "@lingui/core";
import type { MessageKey } from "./catalogs/en";
import type { StaffKey } from "./staff/en";
import type { Language } from "./languages";

type Values = Record<string, string | number>;

/** Texts, dates and numbers in one language; built once per language from its compiled catalog. */
export type Translator = {
  lang: Language;
  t: (key: MessageKey | StaffKey, values?: Values) => string;
  /** A message made elsewhere in English (a form check, a server answer): translated where the catalog has it. */
  message: (english: string) => string;
  /** "May 3, 2026, 4:05:06 PM" in English, each language's own form elsewhere; the viewer's time zone. */
  dateTime: (value: string | Date) => string;
  /** 'Just now', minutes, hours and days ago under a week, then the date. */
  relative: (value: string | Date, now?: Date) => string;
  number: (value: number) => string;
};

const asDate = (value: string | Date) => (typeof value === "string" ? new Date(value) : value);

export function createTranslator(lang: Language, messages: Messages): Translator {
  const i18n = setupI18n({ locale: lang, messages: { [lang]: messages } });
  const t = (key: MessageKey | StaffKey, values?: Values) => i18n._(key, values);
  const locale = lang === "en" ? "en-US" : lang;
  const moment = new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "medium" });
  const day = new Intl.DateTimeFormat(locale, { month: "short", day: "numeric", year: "numeric" });
  const numbers = new Intl.NumberFormat(locale);
  return {
    lang,
    t,
    message: (english) => (english in messages ? i18n._(english) : english),
    dateTime: (value) => moment.format(asDate(value)).replace(/\u202f/g, " "),
    relative: (value, now = new Date()) => {
      const date = asDate(value);
      const seconds = Math.max(0, Math.floor((now.getTime() - date.getTime()) / 1000));
      if (seconds < 60) return t("time.justNow");
      const minutes = Math.floor(seconds / 60);
      if (minutes < 60) return t("time.minutes", { n: minutes });
      const hours = Math.floor(minutes / 60);
      if (hours < 24) return t("time.hours", { n: hours });
      const days = Math.floor(hours / 24);
      return days < 7 ? t("time.days", { n: days }) : day.format(date);
    },
    number: (value) => numbers.format(value),
  };
}
