import type { DbOrTx } from "../../db/client";
import { storedSetting } from "../settings/stored-setting";
import { appSettings } from "../../db/schema";
import type { ServiceLevelsInput } from "../shared/schemas/service-levels";
import type { BusinessCalendar } from "./business-time";
import { DEFAULT_TARGETS, defaultCalendar, dueSoonFrom, dueTimes, type Targets } from "./targets";

const KEY = "service.levels";

export type ServiceLevels = { calendar: BusinessCalendar; targets: Targets };
/** What Settings → Hours shows and saves: the calendar with named holidays, and the targets. */
export type ServiceLevelSettings = ServiceLevelsInput;

/** The process zone (TZ, else the system's) opens the default Monday–Friday 09:00–17:00 week. */
function systemTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
}

function defaults(): ServiceLevelSettings {
  const { timeZone, week } = defaultCalendar(systemTimeZone());
  return { timeZone, week, holidays: [], targets: DEFAULT_TARGETS };
}

/** The saved settings over the defaults; targets of priorities never saved keep their defaults. */
export const getServiceLevelSettings = storedSetting(KEY, (value): ServiceLevelSettings => {
  const base = defaults();
  const stored = value === null ? {} : (JSON.parse(value) as Partial<ServiceLevelSettings>);
  return {
    timeZone: stored.timeZone ?? base.timeZone,
    week: stored.week ?? base.week,
    holidays: stored.holidays ?? [],
    targets: { ...base.targets, ...stored.targets },
  };
});

const levelsOf = new WeakMap<ServiceLevelSettings, ServiceLevels>();

/** Business hours and targets as the clocks use them: the same object while the settings stay, so days computed for it are kept. */
export function getServiceLevels(db: DbOrTx): ServiceLevels {
  const s = getServiceLevelSettings(db);
  let levels = levelsOf.get(s);
  if (!levels) {
    const calendar = { timeZone: s.timeZone, week: s.week, holidays: s.holidays.map((h) => h.date) };
    levels = { calendar, targets: s.targets };
    levelsOf.set(s, levels);
  }
  return levels;
}

export function saveServiceLevelSettings(tx: DbOrTx, value: ServiceLevelSettings, now: Date) {
  const json = JSON.stringify(value);
  tx.insert(appSettings)
    .values({ key: KEY, value: json, updatedAt: now })
    .onConflictDoUpdate({ target: appSettings.key, set: { value: json, updatedAt: now } })
    .run();
}

export type ClockFields = {
  firstResponseDueAt: Date | null;
  firstResponseSoonAt: Date | null;
  resolutionDueAt: Date | null;
  resolutionSoonAt: Date | null;
};

/** The stored clock instants of a ticket of this priority opened at `createdAt`. */
export function clockFields(levels: ServiceLevels, priority: string, createdAt: Date): ClockFields {
  const { calendar } = levels;
  const due = dueTimes(calendar, levels.targets, priority, createdAt);
  const soon = (d: Date | null) => (d ? dueSoonFrom(calendar, createdAt, d) : null);
  return {
    firstResponseDueAt: due.firstResponseDueAt,
    firstResponseSoonAt: soon(due.firstResponseDueAt),
    resolutionDueAt: due.resolutionDueAt,
    resolutionSoonAt: soon(due.resolutionDueAt),
  };
}
