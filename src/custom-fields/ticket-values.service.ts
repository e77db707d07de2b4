import { and, eq, inArray } from "drizzle-orm";
import { tickets } from "../../db/schema";
import type { Deps } from "../deps";
import type { Actor } from "../audit/audit.service";
import { recordAudit } from "../audit/audit.service";
import type { AuthUser } from "../shared/dto";
import { displayValue, type FieldValues } from "../shared/custom-fields";
import { getTicketInScope, scopeWhere } from "../tickets/tickets.scope";
import { assertFresh } from "../tickets/tickets.version";
import { touched } from "../tickets/tickets.admin.service";
import { activeFields, formFields } from "./definitions";
import { checkValues } from "./check-values";
import { readValues, writeValues } from "./values";

type Ctx = { deps: Deps; user: AuthUser; id: number };

/** A ticket's values of the active fields, and its version for If-Match. */
export function ticketValues({ deps, user, id }: Ctx): { values: FieldValues; version: number } {
  const t = getTicketInScope(deps.db, user, id);
  const fields = activeFields(deps.reads.ctx);
  return { values: readValues(deps.db, [t.id], fields).get(t.id) ?? {}, version: t.version };
}

/** The values of the active fields of those of these tickets within the user's scope, by ticket id. */
export function valuesOfTickets({ deps, user, ids }: Omit<Ctx, "id"> & { ids: number[] }) {
  const seen = deps.db
    .select({ id: tickets.id })
    .from(tickets)
    .where(and(inArray(tickets.id, ids), scopeWhere(user)))
    .all()
    .map((r) => r.id);
  return Object.fromEntries(readValues(deps.db, seen, activeFields(deps.reads.ctx)));
}

/**
 * Staff change some of a ticket's values (the keys sent; null clears): scope, version, the type's
 * active fields, and one audit row naming each value old → new, in one transaction.
 */
export function updateTicketValues({
  deps,
  user,
  id,
  actor,
  now,
  ifMatch,
  raw,
}: Ctx & { actor: Actor; now: Date; ifMatch?: number; raw: unknown }) {
  return deps.db.transaction(
    (tx) => {
      const before = getTicketInScope(tx, user, id);
      assertFresh(tx, before, ifMatch, user);
      const all = activeFields({ db: tx, cache: deps.reads.cache });
      const fields = formFields(all, before.ticketType, "staff");
      const form = { key: `edit:${before.ticketType}`, fields, partial: true };
      const values = checkValues(deps.reads.cache, all, form, raw);
      const old = readValues(tx, [id], fields).get(id) ?? {};
      writeValues(tx, id, fields, values);
      const after = readValues(tx, [id], fields).get(id) ?? {};
      const changed = fields.filter((f) => JSON.stringify(old[f.key]) !== JSON.stringify(after[f.key]));
      if (!changed.length) return { values: after, version: before.version };
      const { version } = tx
        .update(tickets)
        .set(touched(now, actor))
        .where(eq(tickets.id, id))
        .returning({ version: tickets.version })
        .get()!;
      // as people read them (option labels), since ids mean nothing in the audit table
      const pick = (v: FieldValues) =>
        Object.fromEntries(changed.map((f) => [f.key, f.key in v ? displayValue(f, v[f.key]) : null]));
      const entry = { action: "fields_changed", entityType: "ticket", entityId: before.ticketId };
      recordAudit(tx, actor, { ...entry, oldValue: pick(old), newValue: pick(after) }, now);
      return { values: after, version };
    },
    { behavior: "immediate" },
  );
}
