import { inArray } from "drizzle-orm";
import { ticketPriorities } from "../../db/schema";
import { recordAudit } from "../audit/audit.service";
import type { DbWriteCtx } from "../deps";
import { badRequest } from "../errors/domain-error";
import type { ServiceLevelsInput } from "../shared/schemas/service-levels";
import { getServiceLevelSettings, saveServiceLevelSettings } from "./sla-settings";

/**
 * Settings → Hours. New rules apply to tickets opened from now on and to a ticket whose priority
 * changes; due times already stored keep the promise made when their ticket was opened.
 */
export function updateServiceLevels({ db, actor, now, input }: DbWriteCtx & { input: ServiceLevelsInput }) {
  return db.transaction(
    (tx) => {
      const names = Object.keys(input.targets);
      const known = new Set(
        tx
          .select({ name: ticketPriorities.name })
          .from(ticketPriorities)
          .where(inArray(ticketPriorities.name, names))
          .all()
          .map((p) => p.name),
      );
      const unknown = names.find((n) => !known.has(n));
      if (unknown)
        throw badRequest(`Unknown priority: ${unknown}`, { targets: `Unknown priority: ${unknown}` });
      const before = getServiceLevelSettings(tx);
      saveServiceLevelSettings(tx, input, now);
      recordAudit(
        tx,
        actor,
        { action: "updated", entityType: "service_levels", oldValue: before, newValue: input },
        now,
      );
      return getServiceLevelSettings(tx);
    },
    { behavior: "immediate" },
  );
}
