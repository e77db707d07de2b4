import { and, sql, type SQL } from "drizzle-orm";
import type { FieldCond } from "../shared/schemas/field-filters";

/**
 * A condition on ticket_field_values (aliased `v` unless named). `index`: read from the values index of its field
 * (field, value, ticket); `probe`: a test of one ticket's values, where a range must not pick that
 * index (it would scan the range per ticket) but the table's own key (ticket, field).
 */
export function valueTest(c: FieldCond, use: "index" | "probe", alias = "v"): SQL {
  const name = `${alias}.${c.column === "number" ? "value_number" : "value_text"}`;
  const col = sql.raw(`${use === "probe" && c.eq === undefined ? "+" : ""}${name}`);
  return and(
    sql`${sql.raw(alias)}.field_id = ${c.fieldId}`,
    c.eq !== undefined ? sql`${col} = ${c.eq}` : undefined,
    c.min !== undefined ? sql`${col} >= ${c.min}` : undefined,
    c.max !== undefined ? sql`${col} <= ${c.max}` : undefined,
  )!;
}

/** Whether the ticket `ticket` names holds the value `c` asks for (one seek into the table's key). */
export const holds = (c: FieldCond, ticket: SQL) =>
  sql`EXISTS (SELECT 1 FROM ticket_field_values p WHERE ${valueTest(c, "probe", "p")} AND p.ticket_id = ${ticket})`;
