import { asc, eq, inArray, max, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import { tickets, users } from "../../db/schema";
import { diff, recordAudit, type Actor } from "../audit/audit.service";
import { badRequest, conflict, notFound } from "../errors/domain-error";
import { paletteOf, type ConfigKindName } from "../shared/constants";
import type { ConfigItemInput, UpdateConfigItemInput } from "../shared/schemas/config-item";
import { ENTITY_TYPE, ITEM_NAME, KIND_FIELDS, TICKET_COLUMN, tableOf } from "./config-kinds";
import { toConfigItemDto } from "./config-lists.dto";

type Ctx = { db: Db; actor: Actor; now: Date; kind: ConfigKindName };
const immediate = { behavior: "immediate" } as const;

export function listConfigItems(db: Db, kind: ConfigKindName) {
  const t = tableOf(kind);
  return db.select().from(t).orderBy(asc(t.position), asc(t.id)).all().map(toConfigItemDto);
}

/** Only the fields this list has (a colour sent for a department list is kept, a label is not). */
function pick(kind: ConfigKindName, input: UpdateConfigItemInput) {
  const out: Record<string, unknown> = {};
  for (const key of ["name", "isActive", "position", ...KIND_FIELDS[kind]])
    if ((input as Record<string, unknown>)[key] !== undefined)
      out[key] = (input as Record<string, unknown>)[key];
  // The palette decides the light background and dark text of a colour, as the seed does.
  if (typeof out.color === "string" && KIND_FIELDS[kind].includes("bgColor"))
    Object.assign(out, { bgColor: paletteOf(out.color).bg, textColor: paletteOf(out.color).text });
  return out;
}

function assertUniqueName(tx: Tx, kind: ConfigKindName, name: string, exceptId?: number) {
  const t = tableOf(kind);
  const row = tx.select({ id: t.id }).from(t).where(sql`lower(${t.name}) = lower(${name})`).get();
  if (row && row.id !== exceptId)
    throw conflict(`A ${ITEM_NAME[kind].toLowerCase()} named '${name}' already exists`);
}

export function createConfigItem({ db, actor, now, kind, input }: Ctx & { input: ConfigItemInput }) {
  const t = tableOf(kind);
  return db.transaction((tx) => {
    assertUniqueName(tx, kind, input.name);
    const last =
      tx
        .select({ p: max(t.position) })
        .from(t)
        .get()?.p ?? 0;
    const values = {
      label: input.name,
      ...pick(kind, input),
      position: input.position ?? last + 1,
      createdAt: now,
      updatedAt: now,
    };
    if (!KIND_FIELDS[kind].includes("label")) delete (values as Record<string, unknown>).label;
    const row = tx
      .insert(t)
      .values(values as typeof t.$inferInsert)
      .returning()
      .get();
    recordAudit(
      tx,
      actor,
      { action: "created", entityType: ENTITY_TYPE[kind], entityId: row.id, newValue: toConfigItemDto(row) },
      now,
    );
    return toConfigItemDto(row);
  }, immediate);
}

/** Tickets and staff access lists hold names, so they follow a rename in the same transaction. */
export function propagateRename(tx: Tx, kind: ConfigKindName, id: number, from: string, to: string) {
  const col = TICKET_COLUMN[kind];
  const where = kind === "companies" ? sql`${tickets.companyId} = ${id} OR ${col} = ${from}` : eq(col, from);
  tx.update(tickets)
    .set({ [keyOf(kind)]: to })
    .where(where)
    .run();
  if (kind !== "departments" && kind !== "companies") return;
  const field = kind === "departments" ? "allowedDepartments" : "allowedCompanies";
  for (const u of tx.select().from(users).all()) {
    if (!u[field].includes(from)) continue;
    tx.update(users)
      .set({ [field]: u[field].map((n) => (n === from ? to : n)) })
      .where(eq(users.id, u.id))
      .run();
  }
}
const keyOf = (kind: ConfigKindName) =>
  ({
    statuses: "status",
    departments: "department",
    types: "ticketType",
    priorities: "priority",
    companies: "companyName",
  })[kind];

export function updateConfigItem({
  db,
  actor,
  now,
  kind,
  id,
  input,
}: Ctx & { id: number; input: UpdateConfigItemInput }) {
  const t = tableOf(kind);
  return db.transaction((tx) => {
    const before = tx.select().from(t).where(eq(t.id, id)).get();
    if (!before) throw notFound(ITEM_NAME[kind]);
    const changes = pick(kind, input);
    const renamed = changes.name !== undefined && changes.name !== before.name;
    if (renamed && (before as { isSystem?: boolean }).isSystem)
      throw badRequest("System items cannot be renamed");
    if (renamed) assertUniqueName(tx, kind, changes.name as string, id);
    const row = tx
      .update(t)
      .set({ ...changes, updatedAt: now })
      .where(eq(t.id, id))
      .returning()
      .get()!;
    if (renamed) propagateRename(tx, kind, id, before.name, row.name);
    recordAudit(
      tx,
      actor,
      {
        action: "updated",
        entityType: ENTITY_TYPE[kind],
        entityId: id,
        ...diff(before as Record<string, unknown>, changes),
      },
      now,
    );
    return toConfigItemDto(row);
  }, immediate);
}

export function deleteConfigItem({ db, actor, now, kind, id }: Ctx & { id: number }) {
  const t = tableOf(kind);
  db.transaction((tx) => {
    const before = tx.select().from(t).where(eq(t.id, id)).get();
    if (!before) throw notFound(ITEM_NAME[kind]);
    if ((before as { isSystem?: boolean }).isSystem) throw badRequest("System items cannot be deleted");
    tx.delete(t).where(eq(t.id, id)).run();
    recordAudit(
      tx,
      actor,
      { action: "deleted", entityType: ENTITY_TYPE[kind], entityId: id, oldValue: toConfigItemDto(before) },
      now,
    );
  }, immediate);
}

export function reorderConfigItems({
  db,
  actor,
  now,
  kind,
  positions,
}: Ctx & { positions: { id: number; position: number }[] }) {
  const t = tableOf(kind);
  return db.transaction((tx) => {
    const ids = positions.map((p) => p.id);
    const before = tx.select({ id: t.id, position: t.position }).from(t).where(inArray(t.id, ids)).all();
    if (before.length !== new Set(ids).size)
      throw badRequest(`Unknown ${ITEM_NAME[kind].toLowerCase()} in the new order`);
    for (const p of positions)
      tx.update(t).set({ position: p.position, updatedAt: now }).where(eq(t.id, p.id)).run();
    recordAudit(
      tx,
      actor,
      {
        action: "updated",
        entityType: ENTITY_TYPE[kind],
        oldValue: { positions: before },
        newValue: { positions },
      },
      now,
    );
    return listConfigItems(tx as unknown as Db, kind);
  }, immediate);
}
