import { format, formatDistanceStrict, formatDistanceToNowStrict } from "date-fns";
import { useI18n } from "../../src/i18n/react";
import type { Translator } from "../../src/i18n/translator";

/** Moments and spans in the viewer's language; English keeps the queue's own short forms. */
export const useMoments = () => momentsFor(useI18n());

export function momentsFor({ lang, relative }: Pick<Translator, "lang" | "relative">) {
  const en = lang === "en";
  const intl = (options: Intl.DateTimeFormatOptions) => (iso: string) =>
    new Intl.DateTimeFormat(lang, options).format(new Date(iso));
  return {
    /** The day and the minute, with the year. */
    stamp: en
      ? (iso: string) => format(new Date(iso), "MMM d, yyyy h:mm a")
      : intl({ dateStyle: "medium", timeStyle: "short" }),
    /** The day and the minute, without the year. */
    short: en
      ? (iso: string) => format(new Date(iso), "MMM d, h:mm a")
      : intl({ month: "short", day: "numeric", hour: "numeric", minute: "2-digit" }),
    /** The weekday, the day and the minute. */
    day: en
      ? (at: Date) => format(at, "EEEE, MMMM d · h:mm a")
      : (at: Date) =>
          new Intl.DateTimeFormat(lang, {
            weekday: "long",
            month: "long",
            day: "numeric",
            hour: "numeric",
            minute: "2-digit",
          }).format(at),
    /** The whole units between two moments, "35 minutes". */
    span: (a: Date, b: Date) => {
      const text = formatDistanceStrict(a, b);
      if (en) return text;
      const [n = "0", unit = "second"] = text.split(" ");
      const single = unit.replace(/s$/, "");
      return new Intl.NumberFormat(lang, { style: "unit", unit: single, unitDisplay: "long" }).format(
        Number(n),
      );
    },
    /** How long ago, "5 minutes ago". */
    ago: (iso: string) =>
      en ? formatDistanceToNowStrict(new Date(iso), { addSuffix: true }) : relative(iso),
  };
}
