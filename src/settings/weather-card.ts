import type { DbOrTx } from "../../db/client";
import { appSettings } from "../../db/schema";
import { storedSetting } from "./stored-setting";

const KEY = "dashboard.weather";

/** Whether the dashboard shows the weather card; on unless an admin turned it off. */
export const weatherCardOn = storedSetting(KEY, (value) => value !== "off");

export function saveWeatherCard(tx: DbOrTx, on: boolean, now: Date) {
  const value = on ? "on" : "off";
  tx.insert(appSettings)
    .values({ key: KEY, value, updatedAt: now })
    .onConflictDoUpdate({ target: appSettings.key, set: { value, updatedAt: now } })
    .run();
}
