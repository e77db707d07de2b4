import type { MessageKey } from "../i18n/catalogs/en";

type T = (key: MessageKey, values?: Record<string, string | number>) => string;

/**
 * The office's own words on the portal, shown as typed in every language. `null` keeps the product's
 * (translated) text; a promise of "" hides the line.
 */
export type PortalWording = {
  organisation: string | null;
  welcome: string | null;
  intro: string | null;
  promise: string | null;
  footer: string | null;
};
export const DEFAULT_WORDING: PortalWording = {
  organisation: null,
  welcome: null,
  intro: null,
  promise: null,
  footer: null,
};

/** The fastest and slowest first-response targets of the priorities a requester can choose, in business minutes. */
export type ResponseRange = { fromMinutes: number; toMinutes: number };

/** What the portal shows: the stored wording and the range the default promise is made of. */
export type PortalWordingView = PortalWording & { range: ResponseRange | null };

/** The words of the portal's frame in the viewer's language: typed words as typed, the others translated. */
export function portalTexts(t: T, w: PortalWordingView) {
  return {
    brand: w.organisation ?? t("portal.brand"),
    welcome: w.welcome ?? t("submit.welcome"),
    intro: w.intro ?? t("submit.intro"),
    promise: w.promise ?? defaultPromise(t, w.range),
    footer:
      w.footer ??
      (w.organisation ? t("portal.footerOf", { organisation: w.organisation }) : t("portal.footer")),
  };
}

export const portalTitle = (t: T, organisation: string | null) =>
  organisation ? t("portal.titleOf", { organisation }) : t("portal.title");

const SPEC_RANGE = { fromMinutes: 120, toMinutes: 240 };

/**
 * The promise the targets keep, in whole business hours rounded up so it never promises faster than a
 * target; the product's own sentence when the targets are exactly its 2 to 4 hours.
 */
function defaultPromise(t: T, range: ResponseRange | null): string {
  if (!range) return "";
  if (range.fromMinutes === SPEC_RANGE.fromMinutes && range.toMinutes === SPEC_RANGE.toMinutes)
    return t("submit.responseTime");
  const from = Math.ceil(range.fromMinutes / 60);
  const to = Math.ceil(range.toMinutes / 60);
  return from === to ? t("submit.responseWithin", { hours: to }) : t("submit.responseRange", { from, to });
}
