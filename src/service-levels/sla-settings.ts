import { eq } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { memoUntilChange } from "../../db/read-memo";
import { appSettings } from "../../db/schema";
import type { BusinessCalendar } from "./business-time";
import { DEFAULT_TARGETS, defaultCalendar, dueSoonFrom, dueTimes, type Targets } from "./targets";

const KEY = "service.levels";

export type ServiceLevels = { calendar: BusinessCalendar; targets: Targets };

/** The process zone (TZ, else the system's) opens the default Monday–Friday 09:00–17:00 week. */
function systemTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
}

/** Business hours and targets; read on every ticket write, so kept until the database changes. */
export function getServiceLevels(db: DbOrTx): ServiceLevels {
  return memoUntilChange(db, "settings:service-levels", () => {
    const row = db.select().from(appSettings).where(eq(appSettings.key, KEY)).get();
    const stored = row ? (JSON.parse(row.value) as Partial<ServiceLevels>) : {};
    return {
      calendar: stored.calendar ?? defaultCalendar(systemTimeZone()),
      targets: { ...DEFAULT_TARGETS, ...stored.targets },
    };
  });
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
