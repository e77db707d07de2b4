import type { DbOrTx } from "../../db/client";
import { appSettings } from "../../db/schema";
import type { TrackingMode } from "../shared/dto";
import { storedSetting } from "./stored-setting";

const KEY = "portal.tracking";

/** The mode chosen in Settings → Portal. No row means a new install, which starts verified. */
export const storedTrackingMode = storedSetting(
  KEY,
  (value): TrackingMode => (value === "open" ? "open" : "verified"),
);

/** The mode in force: the environment's when it sets one, else the stored one. */
export const trackingMode = (deps: { db: DbOrTx; config: { publicTracking?: TrackingMode } }): TrackingMode =>
  deps.config.publicTracking ?? storedTrackingMode(deps.db);

export function saveTrackingMode(tx: DbOrTx, mode: TrackingMode, now: Date) {
  tx.insert(appSettings)
    .values({ key: KEY, value: mode, updatedAt: now })
    .onConflictDoUpdate({ target: appSettings.key, set: { value: mode, updatedAt: now } })
    .run();
}
