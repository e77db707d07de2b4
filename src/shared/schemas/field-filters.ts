import type { z } from "zod";

const CF_PARAM = /^cf\.([a-z][a-z0-9_]{0,39})(?:\.(min|max))?$/;
const FIELD_FILTERS_MAX = 5;
const VALUE_MAX = 200;

/** A custom field filter as the URL carries it: `cf.<key>=v`, `cf.<key>.min=v`, `cf.<key>.max=v`. */
export type FieldFilter = { eq?: string; min?: string; max?: string };

/** Is this query parameter a custom field filter? (Saved views keep them among their filters.) */
export const isFieldFilterParam = (name: string) => CF_PARAM.test(name);

/** The `cf.*` parameters of a query gathered by field key; an empty value means no filter. */
export function gatherFieldFilters(
  query: Record<string, unknown>,
  ctx: z.RefinementCtx,
): Record<string, FieldFilter> | undefined {
  const out: Record<string, FieldFilter> = {};
  for (const [name, value] of Object.entries(query)) {
    const m = CF_PARAM.exec(name);
    if (!m) continue;
    if (typeof value !== "string" || value.length > VALUE_MAX) {
      ctx.addIssue({ code: "custom", message: "Invalid field filter", path: [name] });
      continue;
    }
    const v = value.trim();
    if (!v || v === "all") continue;
    const key = m[1]!;
    out[key] = { ...out[key], [(m[2] as "min" | "max" | undefined) ?? "eq"]: v };
  }
  if (Object.keys(out).length > FIELD_FILTERS_MAX)
    ctx.addIssue({ code: "custom", message: `At most ${FIELD_FILTERS_MAX} field filters` });
  return Object.keys(out).length ? out : undefined;
}

/** A field filter checked against its field: the column it reads and its typed bounds. */
export type FieldCond = {
  fieldId: number;
  column: "text" | "number";
  eq?: string | number;
  min?: string | number;
  max?: string | number;
};
