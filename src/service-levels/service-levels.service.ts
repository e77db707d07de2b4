import { inArray } from "drizzle-orm";
import type { Db } from "../../db/client";
import { ticketPriorities } from "../../db/schema";
import { type Actor, recordAudit } from "../audit/audit.service";
import { badRequest } from "../errors/domain-error";
import type { ServiceLevelsInput } from "../shared/schemas/service-levels";
import { getServiceLevelSettings, saveServiceLevelSettings } from "./sla-settings";

type Ctx = { db: Db; actor: Actor; now: Date };

/**
 * Settings → Hours. New rules apply to tickets opened from now on and to a ticket whose priority
 * changes; due times already stored keep the promise made when their ticket was opened.
 */
export function updateServiceLevels({ db, actor, now, input }: Ctx & { input: ServiceLevelsInput }) {
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
