import { asc, eq } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import type { ReadCtx } from "../../db/read-cache";
import { companies, ticketDepartments, ticketPriorities, ticketStatuses, ticketTypes } from "../../db/schema";
import type { PublicConfig } from "../shared/dto";

/**
 * Public config lists: active items only, in their configured order. Every portal page and
 * form reads them, so each is kept until the database changes (an edited list still shows at once).
 */
const lists = {
  departments: (db: DbOrTx): PublicConfig["departments"] =>
    db
      .select({ name: ticketDepartments.name })
      .from(ticketDepartments)
      .where(eq(ticketDepartments.isActive, true))
      .orderBy(asc(ticketDepartments.position), asc(ticketDepartments.id))
      .all()
      .map((d) => ({ name: d.name, label: d.name })),
  types: (db: DbOrTx): PublicConfig["types"] =>
    db
      .select({ name: ticketTypes.name, icon: ticketTypes.icon })
      .from(ticketTypes)
      .where(eq(ticketTypes.isActive, true))
      .orderBy(asc(ticketTypes.position), asc(ticketTypes.id))
      .all()
      .map((t) => ({ name: t.name, label: t.name, icon: t.icon })),
  priorities: (db: DbOrTx): PublicConfig["priorities"] =>
    db
      .select({ name: ticketPriorities.name, label: ticketPriorities.label, color: ticketPriorities.color })
      .from(ticketPriorities)
      .where(eq(ticketPriorities.isActive, true))
      .orderBy(asc(ticketPriorities.position), asc(ticketPriorities.id))
      .all(),
  companies: (db: DbOrTx): PublicConfig["companies"] =>
    db
      .select({ id: companies.id, name: companies.name })
      .from(companies)
      .where(eq(companies.isActive, true))
      .orderBy(asc(companies.position), asc(companies.id))
      .all(),
  // staff pages label and colour tickets by these; the portal shows the same labels anyway
  statuses: (db: DbOrTx): { name: string; label: string; color: string }[] =>
    db
      .select({ name: ticketStatuses.name, label: ticketStatuses.label, color: ticketStatuses.color })
      .from(ticketStatuses)
      .where(eq(ticketStatuses.isActive, true))
      .orderBy(asc(ticketStatuses.position), asc(ticketStatuses.id))
      .all(),
};

type Kind = keyof typeof lists;
const read =
  <K extends Kind>(kind: K) =>
  ({ db, cache }: ReadCtx) =>
    cache.get(
      db,
      { kind: "public-config", filters: kind },
      () => lists[kind](db) as ReturnType<(typeof lists)[K]>,
    );

export const publicConfigLists = {
  departments: read("departments"),
  types: read("types"),
  priorities: read("priorities"),
  companies: read("companies"),
  statuses: read("statuses"),
};

export const publicConfig = (r: ReadCtx): PublicConfig => ({
  departments: publicConfigLists.departments(r),
  types: publicConfigLists.types(r),
  priorities: publicConfigLists.priorities(r),
  companies: publicConfigLists.companies(r),
});
