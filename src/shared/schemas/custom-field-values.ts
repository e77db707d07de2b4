import { z } from "zod/mini";
import { CUSTOM_FIELD_LIMITS, type CustomFieldDto, type FieldValue } from "../custom-fields";
import { isOneLine } from "../one-line";

type Def = Pick<CustomFieldDto, "key" | "label" | "kind" | "options" | "required">;
type Result = { value: FieldValue | undefined } | { error: string };

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const NUMBER = /^-?\d{1,15}(\.\d{1,6})?$/;
const EMAIL_MAX = 254;
const URL_MAX = 2_000;

const isEmpty = (v: unknown) =>
  v === undefined ||
  v === null ||
  (typeof v === "string" && v.trim() === "") ||
  (Array.isArray(v) && !v.length);

function text(f: Def, raw: unknown, max: number, oneLine: boolean): Result {
  if (typeof raw !== "string") return { error: `${f.label} must be text` };
  const v = raw.trim();
  if (v.length > max) return { error: `${f.label} must be at most ${max} characters` };
  if (oneLine && !isOneLine(v)) return { error: `${f.label} must not contain line breaks` };
  return { value: v };
}

function number(f: Def, raw: unknown): Result {
  const v =
    typeof raw === "number" ? raw : typeof raw === "string" && NUMBER.test(raw.trim()) ? Number(raw) : NaN;
  if (!Number.isFinite(v) || Math.abs(v) >= 1e15) return { error: `${f.label} must be a number` };
  return { value: v };
}

function date(f: Def, raw: unknown): Result {
  const ok = typeof raw === "string" && DATE.test(raw) && !Number.isNaN(Date.parse(`${raw}T00:00:00Z`));
  return ok && new Date(`${raw}T00:00:00Z`).toISOString().startsWith(raw as string)
    ? { value: raw as string }
    : { error: `${f.label} must be a date (YYYY-MM-DD)` };
}

function choice(f: Def, raw: unknown): Result {
  const ids = new Set(f.options.map((o) => o.id));
  if (f.kind === "select")
    return typeof raw === "string" && ids.has(raw)
      ? { value: raw }
      : { error: `${f.label}: choose one of the options` };
  if (!Array.isArray(raw) || !raw.every((v) => typeof v === "string" && ids.has(v)))
    return { error: `${f.label}: choose among the options` };
  return { value: [...new Set(raw as string[])] };
}

function email(f: Def, raw: unknown): Result {
  const v = typeof raw === "string" ? raw.trim().toLowerCase() : "";
  return v.length <= EMAIL_MAX && z.regexes.email.test(v)
    ? { value: v }
    : { error: `${f.label} must be a valid e-mail address` };
}

function url(f: Def, raw: unknown): Result {
  const v = typeof raw === "string" ? raw.trim() : "";
  const ok = v.length <= URL_MAX && isOneLine(v) && /^https?:\/\/[^\s/]+/i.test(v) && URL.canParse(v);
  return ok ? { value: v } : { error: `${f.label} must be a web address starting with http:// or https://` };
}

/** One field's value checked and normalised, or the message the form shows beside it. */
export function checkFieldValue(f: Def, raw: unknown): Result {
  if (f.kind === "checkbox") {
    const v = raw === true || raw === "true" ? true : raw === false || raw === "false" ? false : raw;
    if (v !== true && v !== false && !isEmpty(v)) return { error: `${f.label} must be checked or not` };
    if (f.required && v !== true) return { error: `${f.label} must be checked` };
    return { value: v === true || v === false ? v : undefined };
  }
  if (isEmpty(raw)) return f.required ? { error: `${f.label} is required` } : { value: undefined };
  switch (f.kind) {
    case "text":
      return text(f, raw, CUSTOM_FIELD_LIMITS.text, true);
    case "long_text":
      return text(f, raw, CUSTOM_FIELD_LIMITS.longText, false);
    case "number":
      return number(f, raw);
    case "date":
      return date(f, raw);
    case "email":
      return email(f, raw);
    case "url":
      return url(f, raw);
    default:
      return choice(f, raw);
  }
}

/**
 * The `customFields` object of a form, built from the fields it may carry: each value checked by its
 * kind with a message naming the field, required ones demanded, any other key refused. An empty value
 * comes out as null (no value); `partial`: a missing key is left out, so it stays as it is.
 */
export function fieldValuesSchema(fields: readonly Def[], opts: { partial?: boolean } = {}) {
  const keys = z.strictObject(Object.fromEntries(fields.map((f) => [f.key, z.optional(z.unknown())])), {
    error: (iss) =>
      iss.code === "unrecognized_keys" ? `Unknown field: ${iss.keys.join(", ")}` : "Invalid fields",
  });
  return z.pipe(
    keys,
    z.transform((given: Record<string, unknown>, ctx) => {
      const out: Record<string, FieldValue | null> = {};
      for (const f of fields) {
        if (opts.partial && !(f.key in given)) continue;
        const r = checkFieldValue(f, given[f.key]);
        if ("error" in r)
          ctx.issues.push({ code: "custom", message: r.error, input: given[f.key], path: [f.key] });
        else out[f.key] = r.value ?? null;
      }
      return out;
    }),
  );
}
