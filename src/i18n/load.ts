import type { Messages } from "@lingui/core";
import { type Language, isLanguage } from "./languages";
import { createTranslator, type Translator } from "./translator";

// One chunk per language, so a page fetches only its own; the build compiles each (build-plugin.ts).
const chunks: Record<Language, () => Promise<{ default: unknown }>> = {
  en: () => import("./catalogs/en"),
  de: () => import("./catalogs/de"),
  fr: () => import("./catalogs/fr"),
  es: () => import("./catalogs/es"),
};

/** The browser's translator for the page's `<html lang>`. */
export async function loadTranslator(lang: string): Promise<Translator> {
  const language = isLanguage(lang) ? lang : "en";
  const { default: messages } = await chunks[language]();
  return createTranslator(language, messages as Messages);
}
