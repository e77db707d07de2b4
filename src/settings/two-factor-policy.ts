import { eq } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { memoUntilChange } from "../../db/read-memo";
import { appSettings } from "../../db/schema";

const KEY = "auth.require_two_factor";

/** Whether every signed-in person must use two-factor sign-in; read on each request, so kept until the database changes. */
export function twoFactorRequired(db: DbOrTx): boolean {
  return memoUntilChange(db, "settings:two-factor", () => {
    const row = db.select().from(appSettings).where(eq(appSettings.key, KEY)).get();
    return row?.value === "true";
  });
}

export function saveTwoFactorRequired(tx: DbOrTx, required: boolean, now: Date) {
  const value = String(required);
  tx.insert(appSettings)
    .values({ key: KEY, value, updatedAt: now })
    .onConflictDoUpdate({ target: appSettings.key, set: { value, updatedAt: now } })
    .run();
}
