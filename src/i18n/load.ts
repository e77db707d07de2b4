import type { Messages } from "@lingui/core";
import { type Language, isLanguage } from "./languages";
import { createTranslator, type Translator } from "./translator";

// One chunk per language, so a page fetches only its own; the build compiles each (build-plugin.ts).
const chunks: CatalogChunks = {
  en: () => import("./catalogs/en"),
  de: () => import("./catalogs/de"),
  fr: () => import("./catalogs/fr"),
  es: () => import("./catalogs/es"),
};

export type CatalogChunks = Record<Language, () => Promise<{ default: unknown }>>;
const none = async () => ({ default: {} });

/** The browser's translator for the page's `<html lang>`, with a bundle's own texts when it has some. */
export async function loadTranslator(lang: string, own?: CatalogChunks): Promise<Translator> {
  const language = isLanguage(lang) ? lang : "en";
  const [common, extra] = await Promise.all([chunks[language](), (own?.[language] ?? none)()]);
  return createTranslator(language, { ...(common.default as Messages), ...(extra.default as Messages) });
}
