import type { DbOrTx } from "../../db/client";
import { storedSetting } from "./stored-setting";
import { appSettings } from "../../db/schema";

const KEY = "auth.require_two_factor";

/** Whether every signed-in person must use two-factor sign-in; read on each request. */
export const twoFactorRequired = storedSetting(KEY, (value) => value === "true");

export function saveTwoFactorRequired(tx: DbOrTx, required: boolean, now: Date) {
  const value = String(required);
  tx.insert(appSettings)
    .values({ key: KEY, value, updatedAt: now })
    .onConflictDoUpdate({ target: appSettings.key, set: { value, updatedAt: now } })
    .run();
}
