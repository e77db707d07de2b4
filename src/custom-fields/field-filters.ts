import { and, sql, type SQL } from "drizzle-orm";
import type { ReadCtx } from "../../db/read-cache";
import { tickets } from "../../db/schema";
import { badRequest } from "../errors/domain-error";
import type { CustomFieldDto } from "../shared/custom-fields";
import type { FieldCond, FieldFilter } from "../shared/schemas/field-filters";
import type { TicketFilters } from "../shared/schemas/filters";
import { checkFieldValue } from "../shared/schemas/custom-field-values";
import { activeFields } from "./definitions";

const refuse = (key: string, message: string) => badRequest(message, { [`cf.${key}`]: message });

/** A filter value as stored: an option by id or label, a checkbox as 1/0, the rest as the form checks it. */
function bound(f: CustomFieldDto, raw: string): string | number {
  if (f.kind === "select" || f.kind === "multi_select") {
    const o = f.options.find((x) => x.id === raw || x.label.toLowerCase() === raw.toLowerCase());
    if (!o) throw refuse(f.key, `${f.label}: choose one of the options`);
    return o.id;
  }
  if (f.kind === "checkbox") return /^(true|yes|1)$/i.test(raw) ? 1 : 0;
  const r = checkFieldValue({ ...f, kind: f.kind === "long_text" ? "text" : f.kind, required: true }, raw);
  if ("error" in r) throw refuse(f.key, r.error);
  return r.value as string | number;
}

function condOf(f: CustomFieldDto, filter: FieldFilter): FieldCond {
  const ranged = f.kind === "number" || f.kind === "date";
  if (!ranged && (filter.min !== undefined || filter.max !== undefined))
    throw refuse(f.key, `${f.label} takes no range`);
  const column = f.kind === "number" || f.kind === "checkbox" ? "number" : "text";
  const cond: FieldCond = { fieldId: f.id, column };
  for (const part of ["eq", "min", "max"] as const)
    if (filter[part] !== undefined) cond[part] = bound(f, filter[part]!);
  return cond;
}

/** The filters with their `cf` part checked against the active fields (an unknown key is refused). */
export function withFieldConds<F extends Partial<TicketFilters>>(r: ReadCtx, f: F): F {
  if (!f.cf || f.fieldConds) return f;
  const fields = activeFields(r);
  const fieldConds = Object.entries(f.cf).map(([key, filter]) => {
    const field = fields.find((x) => x.key === key);
    if (!field) throw refuse(key, `Unknown field: ${key}`);
    return condOf(field, filter);
  });
  return { ...f, fieldConds };
}

/**
 * Tickets holding each value: each condition reads the values index of its field and column
 * (field, value, ticket), so a select or a number range is an index range, not a scan.
 */
export function fieldFiltersWhere(f: Partial<TicketFilters>): SQL | undefined {
  if (!f.cf) return undefined;
  if (!f.fieldConds) throw new Error("Custom field filters are checked at the read boundary first");
  return and(
    ...f.fieldConds.map((c) => {
      const col = sql.raw(c.column === "number" ? "value_number" : "value_text");
      const parts = [
        sql`field_id = ${c.fieldId}`,
        c.eq !== undefined ? sql`${col} = ${c.eq}` : undefined,
        c.min !== undefined ? sql`${col} >= ${c.min}` : undefined,
        c.max !== undefined ? sql`${col} <= ${c.max}` : undefined,
      ];
      return sql`${tickets.id} IN (SELECT ticket_id FROM ticket_field_values WHERE ${and(...parts)})`;
    }),
  );
}
