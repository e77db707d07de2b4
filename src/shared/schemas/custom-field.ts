import { z } from "zod";
import { CUSTOM_FIELD_LIMITS, FIELD_KEY_PATTERN, FIELD_KINDS, hasOptions } from "../custom-fields";
import { oneLine } from "./one-line";

const KEY = "Key must start with a-z and hold only a-z, 0-9 and _ (at most 40 characters)";
const label = (field: string, max: number) =>
  z
    .string({ error: `${field} is required` })
    .trim()
    .min(1, `${field} is required`)
    .max(max, `${field} is too long`)
    .check(oneLine(field));

const option = z.object({
  /** Kept when renaming, so stored values follow; a new option gets one from the server. */
  id: z
    .string()
    .regex(/^[a-z0-9]{1,12}$/, "Invalid option")
    .optional(),
  label: label("Option", CUSTOM_FIELD_LIMITS.optionLabel),
});

const fields = {
  label: label("Label", CUSTOM_FIELD_LIMITS.label),
  options: z
    .array(option, { error: "Invalid options" })
    .max(CUSTOM_FIELD_LIMITS.options, `At most ${CUSTOM_FIELD_LIMITS.options} options`),
  required: z.boolean({ error: "Invalid required flag" }),
  helpText: z.string().trim().max(CUSTOM_FIELD_LIMITS.helpText, "Help text is too long"),
  ticketTypes: z.array(z.string().trim().min(1).max(100)).max(50, "Too many request types"),
  visibility: z.enum(["public", "staff"], { error: "Visibility must be public or staff" }),
  isActive: z.boolean({ error: "Invalid active flag" }),
};

const distinctOptions = (o: { options?: { label: string }[] }) =>
  !o.options || new Set(o.options.map((x) => x.label.toLowerCase())).size === o.options.length;

/** A new field: the key and kind are chosen once; select kinds need options. */
export const customFieldSchema = z
  .object({
    key: z.string({ error: KEY }).trim().regex(FIELD_KEY_PATTERN, KEY),
    kind: z.enum(FIELD_KINDS, { error: "Invalid kind" }),
    label: fields.label,
    options: fields.options.default([]),
    required: fields.required.default(false),
    helpText: fields.helpText.default(""),
    ticketTypes: fields.ticketTypes.default([]),
    visibility: fields.visibility.default("public"),
    isActive: fields.isActive.default(true),
  })
  .refine((f) => !hasOptions(f.kind) || f.options.length > 0, {
    message: "A select field needs at least one option",
    path: ["options"],
  })
  .refine(distinctOptions, { message: "Options must differ", path: ["options"] });
export type CustomFieldInput = z.infer<typeof customFieldSchema>;

/** A change to a field; its key and kind, when sent, must be the ones it has. */
export const updateCustomFieldSchema = z
  .object({
    key: z.string().max(40).optional(),
    kind: z.string().max(20).optional(),
    label: fields.label.optional(),
    options: fields.options.optional(),
    required: fields.required.optional(),
    helpText: fields.helpText.optional(),
    ticketTypes: fields.ticketTypes.optional(),
    visibility: fields.visibility.optional(),
    isActive: fields.isActive.optional(),
  })
  .refine(distinctOptions, { message: "Options must differ", path: ["options"] });
export type UpdateCustomFieldInput = z.infer<typeof updateCustomFieldSchema>;

export const reorderCustomFieldsSchema = z.object({
  ids: z.array(z.number().int().positive(), { error: "Invalid ids" }).max(CUSTOM_FIELD_LIMITS.fields),
});

/** Staff edit of a ticket's values: the keys sent change, null or "" clears. */
export const ticketFieldsSchema = z.object({
  customFields: z.record(z.string().max(40), z.unknown(), { error: "Invalid fields" }),
});

/** The tickets whose values a list shows as columns: ids separated by commas, one page at most. */
export const fieldValuesQuerySchema = z.object({
  ids: z
    .string({ error: "Invalid ids" })
    .max(1200, "Invalid ids")
    .regex(/^\d{1,10}(,\d{1,10}){0,99}$/, "Invalid ids"),
});
