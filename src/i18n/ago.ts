import { formatDistanceToNow } from "date-fns";
import { useI18n } from "./react";

/** How long ago, as the staff pages have always said it in English; the translator's words elsewhere. */
export function useAgo() {
  const i18n = useI18n();
  return (v: string | Date) =>
    i18n.lang === "en"
      ? formatDistanceToNow(typeof v === "string" ? new Date(v) : v, { addSuffix: true })
      : i18n.relative(v);
}
