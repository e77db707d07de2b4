import { recordAudit } from "../audit/audit.service";
import type { DbWriteCtx } from "../deps";
import type { PortalWording } from "../shared/portal-wording";
import { portalWording, savePortalWording } from "./portal-wording";

/** Settings → Portal: the office's own words, audited old → new. */
export function setPortalWording({ db, actor, now, wording }: DbWriteCtx & { wording: PortalWording }) {
  db.transaction(
    (tx) => {
      const before = portalWording(tx);
      savePortalWording(tx, wording, now);
      recordAudit(
        tx,
        actor,
        {
          action: "updated",
          entityType: "portal_settings",
          oldValue: { wording: before },
          newValue: { wording },
        },
        now,
      );
    },
    { behavior: "immediate" },
  );
  return portalWording(db);
}
