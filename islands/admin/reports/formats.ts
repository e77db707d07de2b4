import { useMemo } from "react";
import { useI18n } from "../../../src/i18n/react";
import type { Translator } from "../../../src/i18n/translator";

const HOUR = 60;

/** The Reports page's figures in the page's language: durations, shares, work time and weekdays. */
export function reportFormats({ t, lang }: Translator) {
  const locale = lang === "en" ? "en-US" : lang;
  const whole = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 });
  const tenths = new Intl.NumberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  const share = new Intl.NumberFormat(locale, { style: "percent", maximumFractionDigits: 0 });
  const weekday = new Intl.DateTimeFormat(locale, { weekday: "short", timeZone: "UTC" });
  return {
    /** Minutes as people read them: "45 min", "3.5 h", or "2.1 d" past two days. */
    duration: (minutes: number | null) =>
      minutes === null
        ? "–"
        : minutes < HOUR
          ? t("reports.min", { n: whole.format(minutes) })
          : minutes < 48 * HOUR
            ? t("reports.hours", { n: tenths.format(minutes / HOUR) })
            : t("reports.days", { n: tenths.format(minutes / HOUR / 24) }),
    percent: (p: number | null) => (p === null ? "–" : share.format(Math.round(p) / 100)),
    /** Work time in hours and minutes: a day of work is not a day of the calendar. */
    workTime: (minutes: number) =>
      minutes < HOUR
        ? t("reports.min", { n: minutes })
        : t("reports.hoursMinutes", {
            h: Math.floor(minutes / HOUR),
            m: String(minutes % HOUR).padStart(2, "0"),
          }),
    /** Sunday is 0, as the busiest-hours table counts. */
    weekday: (day: number) => weekday.format(Date.UTC(2026, 0, 4 + day)),
  };
}

export type ReportFormats = ReturnType<typeof reportFormats>;

export function useReportFormats(): ReportFormats {
  const i18n = useI18n();
  return useMemo(() => reportFormats(i18n), [i18n]);
}
