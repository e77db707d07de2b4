import { recordAudit } from "../audit/audit.service";
import type { DbWriteCtx } from "../deps";
import { saveWeatherCard, weatherCardOn } from "./weather-card";

/** Settings → Portal: the dashboard's weather card on or off, audited. */
export function setWeatherCard({ db, actor, now, enabled }: DbWriteCtx & { enabled: boolean }) {
  db.transaction(
    (tx) => {
      const before = weatherCardOn(tx);
      saveWeatherCard(tx, enabled, now);
      recordAudit(
        tx,
        actor,
        {
          action: "updated",
          entityType: "portal_settings",
          oldValue: { weatherCard: before },
          newValue: { weatherCard: enabled },
        },
        now,
      );
    },
    { behavior: "immediate" },
  );
  return { enabled: weatherCardOn(db) };
}
