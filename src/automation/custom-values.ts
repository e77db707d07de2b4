import type { DbOrTx } from "../../db/client";
import { badRequest } from "../errors/domain-error";
import { listFields } from "../custom-fields/definitions.service";
import { readValues, writeValues } from "../custom-fields/values";
import { type CustomFieldDto, displayValue, type FieldValue } from "../shared/custom-fields";
import { fieldValuesSchema } from "../shared/schemas/custom-field-values";

const activeOf = (db: DbOrTx) => listFields(db).filter((f) => f.isActive);

/** A ticket's custom values as people read them (option labels), a multi select as one entry per option. */
export function customValuesOf(db: DbOrTx, ticketId: number): Record<string, string[]> {
  const fields = activeOf(db);
  const values = readValues(db, [ticketId], fields).get(ticketId) ?? {};
  return Object.fromEntries(
    fields.map((f) => {
      const v = values[f.key];
      const list = Array.isArray(v) ? v.map((id) => displayValue(f, [id])) : [displayValue(f, v)];
      return [f.key, list.filter(Boolean)];
    }),
  );
}

/** What a typed value means for a field: a number, yes/no, or option labels turned into their ids. */
function parse(f: CustomFieldDto, text: string): FieldValue | null {
  if (text === "") return null;
  const optionId = (label: string) => {
    const o = f.options.find((x) => x.label.toLowerCase() === label.trim().toLowerCase());
    if (!o) throw badRequest(`${f.label} has no option ${label.trim()}`);
    return o.id;
  };
  if (f.kind === "number") return Number(text);
  if (f.kind === "checkbox") return /^(yes|true|1)$/i.test(text);
  if (f.kind === "select") return optionId(text);
  if (f.kind === "multi_select")
    return text
      .split(",")
      .filter((l) => l.trim())
      .map(optionId);
  return text;
}

/** Sets one custom field (by key) from the rule's text, checked as the ticket forms check it; empty clears. */
export function setCustomValue(tx: DbOrTx, ticketId: number, key: string, text: string) {
  const f = activeOf(tx).find((x) => x.key === key);
  if (!f) throw badRequest(`Unknown field ${key}`);
  const value = parse(f, text.trim());
  if (value !== null) {
    const checked = fieldValuesSchema([f], { partial: true }).safeParse({ [key]: value });
    if (!checked.success) throw badRequest(checked.error.issues[0]!.message);
  }
  writeValues(tx, ticketId, [f], { [key]: value });
}
