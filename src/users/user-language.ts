import { eq } from "drizzle-orm";
import { users } from "../../db/schema";
import type { DbWriteCtx } from "../deps";
import type { Language } from "../i18n/languages";

/** Profile: the signed-in user's own language; null follows the browser and the office default. */
export function setUserLanguage({
  db,
  now,
  userId,
  language,
}: DbWriteCtx & { userId: number; language: Language | null }) {
  db.update(users).set({ language, updatedAt: now }).where(eq(users.id, userId)).run();
  return { language };
}
