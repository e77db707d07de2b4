import type { ReadCache } from "../../db/read-cache";
import { badRequest } from "../errors/domain-error";
import type { CustomFieldDto, FieldValue } from "../shared/custom-fields";
import { fieldValuesSchema } from "../shared/schemas/custom-field-values";

type Schema = ReturnType<typeof fieldValuesSchema>;
/** Schemas built from one list of active fields (the shared array), per form; dropped with the list. */
class BuiltSchemas {
  readonly byFields = new WeakMap<readonly CustomFieldDto[], Map<string, Schema>>();
  size = 0;
}
const builtOf = (cache: ReadCache) => cache.lasting("custom-field-schemas", 1, () => new BuiltSchemas());

/**
 * A form's `customFields` checked against the schema its fields make; a failure names each field
 * (`customFields.<key>`) with its message. `form` tells apart the forms one list of fields makes.
 */
export function checkValues(
  cache: ReadCache,
  all: readonly CustomFieldDto[],
  form: { key: string; fields: readonly CustomFieldDto[]; partial?: boolean },
  raw: unknown,
): Record<string, FieldValue | null | undefined> {
  const built = builtOf(cache).byFields;
  const forms = built.get(all) ?? new Map<string, Schema>();
  built.set(all, forms);
  let schema = forms.get(form.key);
  if (!schema) {
    schema = fieldValuesSchema(form.fields, { partial: form.partial });
    forms.set(form.key, schema);
  }
  const result = schema.safeParse(raw ?? {});
  if (result.success) return result.data;
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const at = issue.path.length ? `customFields.${String(issue.path[0])}` : "customFields";
    errors[at] ??= issue.message;
  }
  throw badRequest(result.error.issues[0]!.message, errors);
}
