import type { Database } from "bun:sqlite";
import { perConnection, sqliteOf } from "../../db/client";
import type { ReadCache, ReadCtx } from "../../db/read-cache";
import type { CustomFieldRow } from "../../db/schema";
import {
  appliesTo,
  type CustomFieldDto,
  type FieldKind,
  type PublicCustomField,
} from "../shared/custom-fields";

export const toFieldDto = (r: CustomFieldRow): CustomFieldDto => ({
  id: r.id,
  key: r.key,
  label: r.label,
  kind: r.kind as FieldKind,
  options: r.options,
  required: r.required,
  helpText: r.helpText,
  ticketTypes: r.ticketTypes,
  visibility: r.visibility,
  position: r.position,
  isActive: r.isActive,
});

/** Built by allow-list: a public field's staff-side settings never reach the portal. */
const toPublicField = (f: CustomFieldDto): PublicCustomField => ({
  key: f.key,
  label: f.label,
  kind: f.kind,
  options: f.options,
  required: f.required,
  helpText: f.helpText,
  ticketTypes: f.ticketTypes,
});

// Every submission reads the active fields inside its transaction: one prepared statement that answers
// them as one text, parsed once per distinct text (most installs have none, or the same few).
const statements = perConnection((sqlite: Database) => ({
  active: sqlite.prepare<{ v: string }, []>(
    `SELECT json_group_array(json_object('id', id, 'key', key, 'label', label, 'kind', kind,
       'options', json(options), 'required', required = 1, 'helpText', help_text,
       'ticketTypes', json(ticket_types), 'visibility', visibility, 'position', position, 'isActive', json('true')))
     AS v FROM (SELECT * FROM custom_fields WHERE is_active = 1 ORDER BY position, id)`,
  ),
}));
const PARSED_MAX = 16;
const parsedOf = (cache: ReadCache) =>
  cache.lasting("custom-fields", PARSED_MAX, () => new Map<string, readonly CustomFieldDto[]>());

/** The active fields in their order (a shared array: never change it). */
export function activeFields({ db, cache }: ReadCtx): readonly CustomFieldDto[] {
  const text = statements(sqliteOf(db)).active.get()?.v ?? "[]";
  const parsed = parsedOf(cache);
  let fields = parsed.get(text);
  if (!fields) {
    const raw = JSON.parse(text) as (Omit<CustomFieldDto, "required"> & { required: number | boolean })[];
    fields = raw.map((f) => ({ ...f, required: Boolean(f.required) }));
    if (parsed.size >= PARSED_MAX) parsed.clear();
    parsed.set(text, fields);
  }
  return fields;
}

/** The fields a form for this type and audience carries. */
export const formFields = (
  fields: readonly CustomFieldDto[],
  ticketType: string,
  audience: "public" | "staff",
) => fields.filter((f) => appliesTo(f, ticketType) && (audience === "staff" || f.visibility === "public"));

/** The active public fields, for the portal form. */
export const publicFields = (r: ReadCtx): PublicCustomField[] =>
  activeFields(r)
    .filter((f) => f.visibility === "public")
    .map(toPublicField);
