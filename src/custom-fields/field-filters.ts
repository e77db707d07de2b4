import { and, sql, type SQL } from "drizzle-orm";
import type { ReadCtx } from "../../db/read-cache";
import { tickets } from "../../db/schema";
import { badRequest } from "../errors/domain-error";
import type { CustomFieldDto } from "../shared/custom-fields";
import type { FieldCond, FieldFilter } from "../shared/schemas/field-filters";
import type { TicketFilters } from "../shared/schemas/filters";
import { checkFieldValue } from "../shared/schemas/custom-field-values";
import { activeFields } from "./definitions";
import { planFields } from "./field-plan";
import { holds, valueTest } from "./field-values-sql";
import type { DbOrTx } from "../../db/client";
import { TICKET_PAGE_SIZE } from "../shared/constants";

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

/**
 * The filters with their `cf` part checked against the active fields (an unknown key is refused),
 * the conditions rarest first and the share of tickets holding them (planFields).
 */
export function withFieldConds<F extends Partial<TicketFilters>>(r: ReadCtx, f: F): F {
  if (!f.cf || f.fieldConds) return f;
  const fields = activeFields(r);
  const conds = Object.entries(f.cf).map(([key, filter]) => {
    const field = fields.find((x) => x.key === key);
    if (!field) throw refuse(key, `Unknown field: ${key}`);
    return condOf(field, filter);
  });
  const plan = planFields(r, conds, f.limit ?? TICKET_PAGE_SIZE);
  return { ...f, fieldConds: plan.conds, fieldsShare: plan.share, fieldsHolders: plan.holders };
}

/**
 * Tickets holding every value. The rarest is read from its field's values index (field, value,
 * ticket) and the others tested per ticket; or (`fieldsWalk`, set by the list's plan) each is
 * tested per ticket while the page walks its order's index, which then needs no sort.
 */
export function fieldFiltersWhere(f: Partial<TicketFilters>): SQL | undefined {
  if (!f.cf) return undefined;
  if (!f.fieldConds) throw new Error("Custom field filters are checked at the read boundary first");
  const [first, ...rest] = f.fieldConds as [FieldCond, ...FieldCond[]];
  return and(
    f.fieldsWalk
      ? holds(first, sql`${tickets.id}`)
      : sql`${tickets.id} IN (SELECT v.ticket_id FROM ticket_field_values v WHERE ${valueTest(first, "index")})`,
    ...rest.map((c) => holds(c, sql`${tickets.id}`)),
  );
}

/**
 * Tickets holding every value, counted up to `cap` + 1 from the values index alone: for a list
 * filtered by fields and nothing else, no ticket row needs reading.
 */
export function fieldsOnlyCount(db: DbOrTx, f: Partial<TicketFilters>, cap: number): number {
  const [first, ...rest] = f.fieldConds as [FieldCond, ...FieldCond[]];
  const where = and(valueTest(first, "index"), ...rest.map((c) => holds(c, sql`v.ticket_id`)));
  return db.all<{ n: number }>(
    sql`SELECT count(*) AS n FROM (SELECT 1 FROM ticket_field_values v WHERE ${where} LIMIT ${cap + 1})`,
  )[0]!.n;
}
