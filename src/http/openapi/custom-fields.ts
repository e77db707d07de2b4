import type { CustomFieldDto } from "../../shared/custom-fields";
import type { OpenApiDocument } from "./document";

/** The staff reads that take the queue's filters, and so the `cf.*` ones. */
const FILTERED = ["/api/admin/tickets", "/api/admin/tickets/export.csv", "/api/admin/tickets/breakdown"];
/** Where a ticket's values are written or read, by key. */
const CARRYING = [
  ["/api/tickets", "post"],
  ["/api/admin/tickets/{id}/fields", "get"],
  ["/api/admin/tickets/{id}/fields", "put"],
] as const;

function valueSchema(f: CustomFieldDto): Record<string, unknown> {
  const options = { enum: f.options.map((o) => o.id) };
  const named = f.options.map((o) => `\`${o.id}\` ${o.label}`).join(", ");
  switch (f.kind) {
    case "number":
      return { type: "number" };
    case "checkbox":
      return { type: "boolean" };
    case "date":
      return { type: "string", format: "date" };
    case "email":
      return { type: "string", format: "email" };
    case "url":
      return { type: "string", format: "uri" };
    case "select":
      return { type: "string", ...options, description: `Option ids: ${named}` };
    case "multi_select":
      return { type: "array", items: { type: "string", ...options }, description: `Option ids: ${named}` };
    default:
      return { type: "string" };
  }
}

const about = (f: CustomFieldDto) =>
  [
    f.helpText,
    f.required ? "Required" : "",
    f.ticketTypes.length ? `On ${f.ticketTypes.join(", ")} requests` : "",
    f.visibility === "staff" ? "Staff only: never shown to requesters" : "",
  ]
    .filter(Boolean)
    .join(". ");

function filterParams(f: CustomFieldDto) {
  const ranged = f.kind === "number" || f.kind === "date";
  const one = (name: string, description: string) => ({
    in: "query",
    name,
    schema: { type: "string" },
    description,
  });
  const eq = f.kind === "checkbox" ? "yes or no" : f.options.length ? "an option's id or label" : "the value";
  return [
    one(`cf.${f.key}`, `${f.label}: tickets whose value is ${eq}`),
    ...(ranged
      ? [one(`cf.${f.key}.min`, `${f.label}: at least`), one(`cf.${f.key}.max`, `${f.label}: at most`)]
      : []),
  ];
}

const CF_NOTE =
  "Custom fields filter as `cf.<key>=value`, and numbers and dates as `cf.<key>.min` / `cf.<key>.max` (at most 5).";

/**
 * The document with the active custom fields: a `CustomFields` schema (a ticket's values by key, as
 * `customFields` carries them) and each field's `cf.*` parameters on the filtered reads.
 */
export function describeFields(doc: OpenApiDocument, fields: readonly CustomFieldDto[]): OpenApiDocument {
  const components = (doc.components ?? {}) as { schemas?: Record<string, unknown> };
  const schema = {
    type: "object",
    description: "A ticket's custom field values by key; a field without a value is absent.",
    properties: Object.fromEntries(
      fields.map((f) => [f.key, { title: f.label, ...valueSchema(f), description: about(f) || undefined }]),
    ),
    additionalProperties: false,
  };
  const paths = { ...doc.paths };
  for (const path of FILTERED) {
    const op = paths[path]?.get;
    if (!op) continue;
    const parameters = [...((op.parameters as object[]) ?? []), ...fields.flatMap(filterParams)];
    paths[path] = { ...paths[path], get: { ...op, parameters, description: join(op.description, CF_NOTE) } };
  }
  for (const [path, method] of CARRYING) {
    const op = paths[path]?.[method];
    if (!op) continue;
    const note = "`customFields`: the values by key, see the `CustomFields` schema.";
    paths[path] = { ...paths[path], [method]: { ...op, description: join(op.description, note) } };
  }
  return {
    ...doc,
    paths,
    components: { ...components, schemas: { ...components.schemas, CustomFields: schema } },
  };
}

const join = (a: unknown, b: string) => (typeof a === "string" && a ? `${a} ${b}` : b);
