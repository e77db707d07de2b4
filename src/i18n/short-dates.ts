import { format } from "date-fns";
import { useMemo } from "react";
import type { Language } from "./languages";
import { useI18n } from "./react";

type When = string | Date;
const asDate = (value: When) => (typeof value === "string" ? new Date(value) : value);

/** Short dates as the staff pages have always shown them in English; each language's own form elsewhere. */
function shortDates(lang: Language) {
  if (lang === "en")
    return {
      day: (v: When) => format(asDate(v), "MMM d, yyyy"),
      moment: (v: When) => format(asDate(v), "MMM d, yyyy h:mm a"),
    };
  const day = new Intl.DateTimeFormat(lang, { dateStyle: "medium" });
  const moment = new Intl.DateTimeFormat(lang, { dateStyle: "medium", timeStyle: "short" });
  return { day: (v: When) => day.format(asDate(v)), moment: (v: When) => moment.format(asDate(v)) };
}

/** The page language's short dates, for islands. */
export function useShortDates() {
  const { lang } = useI18n();
  return useMemo(() => shortDates(lang), [lang]);
}
