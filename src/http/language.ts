import type { Context } from "hono";
import { getCookie } from "hono/cookie";
import { fromAcceptLanguage, isLanguage, LANGUAGE_COOKIE, type Language } from "../i18n/languages";
import { translatorFor } from "../i18n/server";
import type { Translator } from "../i18n/translator";
import { officeLanguage } from "../settings/office-language";
import type { AppEnv } from "./env";

/**
 * The language a request is answered in: the signed-in user's choice, else the portal switcher's
 * cookie, else the browser's Accept-Language, else the office default.
 */
export function requestLanguage(c: Context<AppEnv>): Language {
  const chosen = c.get("user")?.language;
  if (isLanguage(chosen)) return chosen;
  const cookie = getCookie(c, LANGUAGE_COOKIE);
  if (isLanguage(cookie)) return cookie;
  const deps = c.get("deps") as AppEnv["Variables"]["deps"] | undefined;
  return fromAcceptLanguage(c.req.header("accept-language")) ?? (deps ? officeLanguage(deps.db) : "en");
}

export const requestTranslator = (c: Context<AppEnv>): Translator => translatorFor(requestLanguage(c));
