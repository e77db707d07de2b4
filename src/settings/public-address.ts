import type { DbOrTx } from "../../db/client";
import { appSettings } from "../../db/schema";
import { storedSetting } from "./stored-setting";

const KEY = "portal.public_url";

/** The address saved in Settings → Portal; no row means none was saved. */
const storedPublicUrl = storedSetting(KEY, (value) => value || undefined);

/** Where links in e-mails start: PUBLIC_URL when the environment sets it, else the saved address. */
export const publicUrlOf = (deps: { db: DbOrTx; config: { publicUrl?: string } }): string | undefined =>
  deps.config.publicUrl ?? storedPublicUrl(deps.db);

export const savedPublicUrl = (db: DbOrTx) => storedPublicUrl(db) ?? null;

export function savePublicUrl(tx: DbOrTx, url: string, now: Date) {
  tx.insert(appSettings)
    .values({ key: KEY, value: url, updatedAt: now })
    .onConflictDoUpdate({ target: appSettings.key, set: { value: url, updatedAt: now } })
    .run();
}
