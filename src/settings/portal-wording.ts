import type { DbOrTx } from "../../db/client";
import { appSettings } from "../../db/schema";
import type { Deps } from "../deps";
import {
  DEFAULT_WORDING,
  type PortalWording,
  type PortalWordingView,
  type ResponseRange,
} from "../shared/portal-wording";
import { getServiceLevelSettings } from "../service-levels/sla-settings";
import { storedSetting } from "./stored-setting";

const KEY = "portal.wording";

/** The office's own words for the portal; fields never saved keep the product's text. */
export const portalWording = storedSetting(
  KEY,
  (value): PortalWording => ({ ...DEFAULT_WORDING, ...(value ? JSON.parse(value) : {}) }),
);

export function savePortalWording(tx: DbOrTx, wording: PortalWording, now: Date) {
  const value = JSON.stringify(wording);
  tx.insert(appSettings)
    .values({ key: KEY, value, updatedAt: now })
    .onConflictDoUpdate({ target: appSettings.key, set: { value, updatedAt: now } })
    .run();
}

/** The first-response targets of the priorities offered, as the clocks read them (unknown ones as medium). */
function responseRange(db: DbOrTx, priorities: string[]): ResponseRange | null {
  const { targets } = getServiceLevelSettings(db);
  const minutes = priorities
    .map((p) => (targets[p] ?? targets.medium)?.firstResponseMinutes)
    .filter((m): m is number => m !== undefined);
  if (!minutes.length) return null;
  return { fromMinutes: Math.min(...minutes), toMinutes: Math.max(...minutes) };
}

/** The wording with the range its default promise is made of: what the portal and its preview draw. */
export function portalWordingView(deps: Pick<Deps, "db" | "reads">): PortalWordingView {
  const priorities = deps.reads.publicConfig().priorities.map((p) => p.name);
  return { ...portalWording(deps.db), range: responseRange(deps.db, priorities) };
}

/** The receipt's promise: the office's typed line, else the first-response target of the ticket's own priority. */
export const receiptWording = (db: DbOrTx, priority: string): PortalWordingView => ({
  ...DEFAULT_WORDING,
  promise: portalWording(db).promise,
  range: responseRange(db, [priority]),
});
