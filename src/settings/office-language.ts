import type { DbOrTx } from "../../db/client";
import { appSettings } from "../../db/schema";
import { isLanguage, type Language } from "../i18n/languages";
import { storedSetting } from "./stored-setting";

const KEY = "portal.language";

/** The office's default language (Settings → Portal): for visitors whose browser asks for none we ship. */
export const officeLanguage = storedSetting(KEY, (value): Language => (isLanguage(value) ? value : "en"));

export function saveOfficeLanguage(tx: DbOrTx, language: Language, now: Date) {
  tx.insert(appSettings)
    .values({ key: KEY, value: language, updatedAt: now })
    .onConflictDoUpdate({ target: appSettings.key, set: { value: language, updatedAt: now } })
    .run();
}

/** The language of e-mails to a user: their Profile choice, else the office default. */
export const userLanguage = (db: DbOrTx, chosen: string | null | undefined): Language =>
  isLanguage(chosen) ? chosen : officeLanguage(db);
