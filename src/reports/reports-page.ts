import { TZDate } from "@date-fns/tz";
import type { Deps } from "../deps";
import type { AuthUser } from "../shared/dto";
import { getServiceLevels } from "../service-levels/sla-settings";

/** What the Reports page opens with: the office's today (its presets count back from it) and the filter lists. */
export function reportsPageProps(deps: Deps, user: AuthUser) {
  const { timeZone } = getServiceLevels(deps.db).calendar;
  const d = new TZDate(deps.now().getTime(), timeZone);
  const today = `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
  const config = deps.reads.publicConfig();
  return { user, today, timeZone, config };
}
