import type { DbOrTx } from "../../db/client";
import { appSettings } from "../../db/schema";
import { storedSetting } from "./stored-setting";

const KEY = "portal.id_prefix";
const DEFAULT_ID_PREFIX = "WI";

/** The prefix of new ticket ids; tickets already made keep theirs. */
export const idPrefix = storedSetting(KEY, (value) => value || DEFAULT_ID_PREFIX);

export function saveIdPrefix(tx: DbOrTx, prefix: string, now: Date) {
  tx.insert(appSettings)
    .values({ key: KEY, value: prefix, updatedAt: now })
    .onConflictDoUpdate({ target: appSettings.key, set: { value: prefix, updatedAt: now } })
    .run();
}
