import { recordAudit } from "../audit/audit.service";
import type { DbWriteCtx } from "../deps";
import { idPrefix, saveIdPrefix } from "./id-prefix";

/** Settings → Portal: the prefix of new ticket ids, audited; ids already given out never change. */
export function setIdPrefix({ db, actor, now, prefix }: DbWriteCtx & { prefix: string }) {
  db.transaction(
    (tx) => {
      const before = idPrefix(tx);
      saveIdPrefix(tx, prefix, now);
      recordAudit(
        tx,
        actor,
        {
          action: "updated",
          entityType: "portal_settings",
          oldValue: { idPrefix: before },
          newValue: { idPrefix: prefix },
        },
        now,
      );
    },
    { behavior: "immediate" },
  );
  return { prefix: idPrefix(db) };
}
