import { recordAudit } from "../audit/audit.service";
import type { DbWriteCtx } from "../deps";
import type { PhoneRules } from "../shared/phone";
import { phoneRules, savePhoneRules } from "./phone-rules";

/** Settings → Portal: the phone field's default country and whether it is required, audited. */
export function setPhoneRules({ db, actor, now, rules }: DbWriteCtx & { rules: PhoneRules }): PhoneRules {
  db.transaction(
    (tx) => {
      const before = { ...phoneRules(tx) };
      savePhoneRules(tx, rules, now);
      recordAudit(
        tx,
        actor,
        {
          action: "updated",
          entityType: "portal_settings",
          oldValue: { phone: before },
          newValue: { phone: rules },
        },
        now,
      );
    },
    { behavior: "immediate" },
  );
  return phoneRules(db);
}
