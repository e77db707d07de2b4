import { and, asc, eq } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { customFields } from "../../db/schema";
import { displayValue } from "../shared/custom-fields";
import { toFieldDto } from "./definitions";
import { readValues } from "./values";

/**
 * The requester's view of their ticket's fields: active public ones with a value, as people read them.
 * Staff-only fields are left out in SQL, so their values are never read for a public answer.
 */
export function publicValues(db: DbOrTx, ticketId: number): { label: string; value: string }[] {
  const fields = db
    .select()
    .from(customFields)
    .where(and(eq(customFields.isActive, true), eq(customFields.visibility, "public")))
    .orderBy(asc(customFields.position), asc(customFields.id))
    .all()
    .map(toFieldDto);
  const values = readValues(db, [ticketId], fields).get(ticketId) ?? {};
  return fields
    .filter((f) => f.key in values)
    .map((f) => ({ label: f.label, value: displayValue(f, values[f.key]) }));
}
