import { asc, eq } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import {
  companies,
  emailRouting,
  ticketDepartments,
  ticketTypes,
  type EmailRoutingRow,
} from "../../db/schema";
import { diff, recordAudit, type Actor } from "../audit/audit.service";
import { badRequest, notFound } from "../errors/domain-error";
import { CONDITION_NEEDS, type EmailRoutingInput } from "../shared/schemas/email-routing";
import type { EmailRoutingDto } from "../shared/dto";

type Ctx = { db: Db; actor: Actor; now: Date };
const immediate = { behavior: "immediate" } as const;
const PICKER_LABEL = { departmentId: "Department", companyId: "Company", typeId: "Type" } as const;
const PICKER_TABLE = { departmentId: ticketDepartments, companyId: companies, typeId: ticketTypes } as const;

const toEmailRoutingDto = (r: EmailRoutingRow): EmailRoutingDto => ({
  ...r,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

export const listEmailRouting = (db: Db) =>
  db.select().from(emailRouting).orderBy(asc(emailRouting.id)).all().map(toEmailRoutingDto);

/** The condition decides which references count; the others are cleared so the summary never lies. */
function normalise(tx: Tx, input: EmailRoutingInput, before?: EmailRoutingRow) {
  const needs = CONDITION_NEEDS[input.conditionType];
  const out = {
    ...input,
    departmentId: null as number | null,
    companyId: null as number | null,
    typeId: null as number | null,
  };
  for (const key of needs) {
    const id = input[key];
    if (id == null)
      throw badRequest(`${PICKER_LABEL[key]} is required`, { [key]: `${PICKER_LABEL[key]} is required` });
    // A rule may keep a reference that was deleted since (shown as '(deleted)'); a new one must exist.
    const exists = tx
      .select({ id: PICKER_TABLE[key].id })
      .from(PICKER_TABLE[key])
      .where(eq(PICKER_TABLE[key].id, id))
      .get();
    if (!exists && before?.[key] !== id)
      throw badRequest(`${PICKER_LABEL[key]} not found`, { [key]: `${PICKER_LABEL[key]} not found` });
    out[key] = id;
  }
  return out;
}

export function createEmailRule({ db, actor, now, input }: Ctx & { input: EmailRoutingInput }) {
  return db.transaction((tx) => {
    const row = tx
      .insert(emailRouting)
      .values({ ...normalise(tx, input), createdAt: now, updatedAt: now })
      .returning()
      .get();
    recordAudit(
      tx,
      actor,
      { action: "created", entityType: "email_routing", entityId: row.id, newValue: toEmailRoutingDto(row) },
      now,
    );
    return toEmailRoutingDto(row);
  }, immediate);
}

export function updateEmailRule({
  db,
  actor,
  now,
  id,
  input,
}: Ctx & { id: number; input: EmailRoutingInput }) {
  return db.transaction((tx) => {
    const before = tx.select().from(emailRouting).where(eq(emailRouting.id, id)).get();
    if (!before) throw notFound("Email route");
    const values = normalise(tx, input, before);
    const row = tx
      .update(emailRouting)
      .set({ ...values, updatedAt: now })
      .where(eq(emailRouting.id, id))
      .returning()
      .get()!;
    recordAudit(
      tx,
      actor,
      {
        action: "updated",
        entityType: "email_routing",
        entityId: id,
        ...diff(before as Record<string, unknown>, values),
      },
      now,
    );
    return toEmailRoutingDto(row);
  }, immediate);
}

export function deleteEmailRule({ db, actor, now, id }: Ctx & { id: number }) {
  db.transaction((tx) => {
    const before = tx.select().from(emailRouting).where(eq(emailRouting.id, id)).get();
    if (!before) throw notFound("Email route");
    tx.delete(emailRouting).where(eq(emailRouting.id, id)).run();
    recordAudit(
      tx,
      actor,
      { action: "deleted", entityType: "email_routing", entityId: id, oldValue: toEmailRoutingDto(before) },
      now,
    );
  }, immediate);
}
