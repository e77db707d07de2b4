import { z } from "zod";
import { LANGUAGES } from "../../i18n/languages";

const language = z.enum(LANGUAGES, { error: "Language must be one of en, de, fr, es" });

/** Settings → Portal: the office's default language. */
export const officeLanguageSchema = z.object({ language });

/** Profile: the user's own language, or null to follow the browser and the office default. */
export const userLanguageSchema = z.object({ language: z.nullable(language) });
