import { recordAudit } from "../audit/audit.service";
import type { Config } from "../config";
import type { DbWriteCtx } from "../deps";
import { conflict } from "../errors/domain-error";
import type { PortalSettingsDto, TrackingMode } from "../shared/dto";
import type { DbOrTx } from "../../db/client";
import { saveTrackingMode, storedTrackingMode, trackingMode } from "./public-tracking";

type Ctx = { db: DbOrTx; config: Pick<Config, "publicTracking"> };

export const portalSettings = (deps: Ctx): PortalSettingsDto => ({
  tracking: trackingMode(deps),
  setByEnvironment: deps.config.publicTracking !== undefined,
});

/** Settings → Portal: the stored mode, audited; refused while the environment decides it. */
export function setTrackingMode({
  db,
  actor,
  now,
  config,
  tracking,
}: DbWriteCtx & { config: Ctx["config"]; tracking: TrackingMode }): PortalSettingsDto {
  if (config.publicTracking !== undefined)
    throw conflict("Public tracking is set by the server's environment (PUBLIC_TRACKING)");
  return db.transaction(
    (tx) => {
      const before = storedTrackingMode(tx);
      saveTrackingMode(tx, tracking, now);
      recordAudit(
        tx,
        actor,
        {
          action: "updated",
          entityType: "portal_settings",
          oldValue: { publicTracking: before },
          newValue: { publicTracking: tracking },
        },
        now,
      );
      return { tracking, setByEnvironment: false };
    },
    { behavior: "immediate" },
  );
}
