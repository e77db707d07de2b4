/** Custom fields as both sides see them: kinds, limits, and the shapes the API sends. */

export const FIELD_KINDS = [
  "text",
  "long_text",
  "number",
  "date",
  "select",
  "multi_select",
  "checkbox",
  "email",
  "url",
] as const;
export type FieldKind = (typeof FIELD_KINDS)[number];

export const FIELD_KEY_PATTERN = /^[a-z][a-z0-9_]{0,39}$/;
export const CUSTOM_FIELD_LIMITS = {
  fields: 50,
  options: 100,
  label: 100,
  optionLabel: 100,
  helpText: 500,
  text: 500,
  longText: 5_000,
} as const;

export const hasOptions = (kind: FieldKind) => kind === "select" || kind === "multi_select";

export type FieldOption = { id: string; label: string };

/** A field definition as staff read it. */
export type CustomFieldDto = {
  id: number;
  key: string;
  label: string;
  kind: FieldKind;
  options: FieldOption[];
  required: boolean;
  helpText: string;
  /** Request types that show it; empty = every type. */
  ticketTypes: string[];
  visibility: "public" | "staff";
  position: number;
  isActive: boolean;
};

/** What the portal form needs of an active public field. */
export type PublicCustomField = Pick<
  CustomFieldDto,
  "key" | "label" | "kind" | "options" | "required" | "helpText" | "ticketTypes"
>;

/** A stored value: text, number, checkbox, or a multi select's option ids. */
export type FieldValue = string | number | boolean | string[];
export type FieldValues = Record<string, FieldValue>;

/** Does the field show on a ticket of this type? */
export const appliesTo = (f: Pick<CustomFieldDto, "ticketTypes">, ticketType: string) =>
  f.ticketTypes.length === 0 || f.ticketTypes.includes(ticketType);

/** A value as people read it: option labels instead of ids, Yes/No for a checkbox. */
export function displayValue(f: Pick<CustomFieldDto, "kind" | "options">, v: FieldValue | undefined): string {
  if (v === undefined) return "";
  if (typeof v === "boolean") return v ? "Yes" : "No";
  const label = (id: string) => f.options.find((o) => o.id === id)?.label ?? "";
  if (Array.isArray(v)) return v.map(label).filter(Boolean).join(", ");
  if (f.kind === "select") return label(String(v));
  return String(v);
}
