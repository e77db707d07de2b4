import { recordAudit } from "../audit/audit.service";
import { localizeBuiltInLists } from "../config-lists/built-in-words";
import type { DbWriteCtx } from "../deps";
import type { Language } from "../i18n/languages";
import { officeLanguage, saveOfficeLanguage } from "./office-language";

/** Settings → Portal: the language of visitors whose browser asks for none of ours, audited. */
export function setOfficeLanguage({ db, actor, now, language }: DbWriteCtx & { language: Language }) {
  return db.transaction(
    (tx) => {
      const before = officeLanguage(tx);
      saveOfficeLanguage(tx, language, now);
      const relabelled = localizeBuiltInLists(tx, before, language);
      recordAudit(
        tx,
        actor,
        {
          action: "updated",
          entityType: "portal_settings",
          oldValue: { language: before },
          newValue: relabelled ? { language, builtInListEntries: relabelled } : { language },
        },
        now,
      );
      return { language };
    },
    { behavior: "immediate" },
  );
}
