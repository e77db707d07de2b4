import { asc, count, eq, max } from "drizzle-orm";
import type { Db, DbOrTx } from "../../db/client";
import { customFields, ticketTypes } from "../../db/schema";
import { diff, recordAudit, type Actor } from "../audit/audit.service";
import { badRequest, conflict, notFound } from "../errors/domain-error";
import {
  CUSTOM_FIELD_LIMITS,
  hasOptions,
  type CustomFieldDto,
  type FieldOption,
} from "../shared/custom-fields";
import type { CustomFieldInput, UpdateCustomFieldInput } from "../shared/schemas/custom-field";
import { toFieldDto } from "./definitions";

type Ctx = { db: Db; actor: Actor; now: Date };
const immediate = { behavior: "immediate" } as const;
const ENTITY = "custom_field";

/** Every field, active or not, in its order. */
export const listFields = (db: DbOrTx): CustomFieldDto[] =>
  db
    .select()
    .from(customFields)
    .orderBy(asc(customFields.position), asc(customFields.id))
    .all()
    .map(toFieldDto);

const fieldOf = (tx: DbOrTx, id: number) => {
  const row = tx.select().from(customFields).where(eq(customFields.id, id)).get();
  if (!row) throw notFound("Field");
  return row;
};

/** Options keep their ids; a new one gets the next free one, so a rename never loses a value. */
function optionIds(options: { id?: string; label: string }[], before: FieldOption[] = []): FieldOption[] {
  const known = new Set(before.map((o) => o.id));
  let next = before.reduce((n, o) => Math.max(n, Number.parseInt(o.id.slice(1), 10) || 0), 0);
  return options.map((o) => {
    if (o.id !== undefined && !known.has(o.id))
      throw badRequest("Unknown option", { options: "Unknown option" });
    return { id: o.id ?? `o${++next}`, label: o.label };
  });
}

function assertTypes(tx: DbOrTx, types: string[]) {
  const names = new Set(
    tx
      .select({ name: ticketTypes.name })
      .from(ticketTypes)
      .all()
      .map((t) => t.name),
  );
  const unknown = types.find((t) => !names.has(t));
  if (unknown) throw badRequest(`Unknown request type: ${unknown}`, { ticketTypes: "Unknown request type" });
}

export function createField({ db, actor, now, input }: Ctx & { input: CustomFieldInput }): CustomFieldDto {
  return db.transaction((tx) => {
    const n = tx.select({ n: count() }).from(customFields).get()!.n;
    if (n >= CUSTOM_FIELD_LIMITS.fields) throw badRequest(`At most ${CUSTOM_FIELD_LIMITS.fields} fields`);
    if (tx.select({ id: customFields.id }).from(customFields).where(eq(customFields.key, input.key)).get())
      throw conflict("A field with this key already exists");
    assertTypes(tx, input.ticketTypes);
    const last =
      tx
        .select({ p: max(customFields.position) })
        .from(customFields)
        .get()?.p ?? 0;
    const options = hasOptions(input.kind) ? optionIds(input.options) : [];
    const row = tx
      .insert(customFields)
      .values({ ...input, options, position: last + 1, createdAt: now, updatedAt: now })
      .returning()
      .get();
    const dto = toFieldDto(row);
    recordAudit(tx, actor, { action: "created", entityType: ENTITY, entityId: row.key, newValue: dto }, now);
    return dto;
  }, immediate);
}

/** A change of label, options, rules or visibility; the key and kind stay as they were created. */
export function updateField({
  db,
  actor,
  now,
  id,
  input,
}: Ctx & { id: number; input: UpdateCustomFieldInput }) {
  return db.transaction((tx) => {
    const before = fieldOf(tx, id);
    const { key, kind, options, ...rest } = input;
    if (key !== undefined && key !== before.key)
      throw badRequest("A field's key cannot be changed", { key: "A field's key cannot be changed" });
    if (kind !== undefined && kind !== before.kind)
      throw badRequest("A field's kind cannot be changed", { kind: "A field's kind cannot be changed" });
    if (rest.ticketTypes) assertTypes(tx, rest.ticketTypes);
    const set = {
      ...rest,
      ...(options && hasOptions(toFieldDto(before).kind)
        ? { options: optionIds(options, before.options) }
        : {}),
    };
    if (set.options && !set.options.length)
      throw badRequest("A select field needs at least one option", {
        options: "A select field needs at least one option",
      });
    const row = tx
      .update(customFields)
      .set({ ...set, updatedAt: now })
      .where(eq(customFields.id, id))
      .returning()
      .get();
    const { oldValue, newValue } = diff(toFieldDto(before), toFieldDto(row));
    if (Object.keys(newValue).length)
      recordAudit(
        tx,
        actor,
        { action: "updated", entityType: ENTITY, entityId: row.key, oldValue, newValue },
        now,
      );
    return toFieldDto(row);
  }, immediate);
}

/** The fields in a new order: every one of them, each once. */
export function reorderFields({ db, actor, now, ids }: Ctx & { ids: number[] }) {
  return db.transaction((tx) => {
    const all = listFields(tx);
    const same =
      ids.length === all.length && new Set(ids).size === ids.length && all.every((f) => ids.includes(f.id));
    if (!same) throw badRequest("Name every field once", { ids: "Name every field once" });
    ids.forEach((id, i) => {
      tx.update(customFields)
        .set({ position: i + 1, updatedAt: now })
        .where(eq(customFields.id, id))
        .run();
    });
    recordAudit(
      tx,
      actor,
      {
        action: "reordered",
        entityType: ENTITY,
        newValue: { keys: ids.map((id) => all.find((f) => f.id === id)!.key) },
      },
      now,
    );
    return listFields(tx);
  }, immediate);
}
