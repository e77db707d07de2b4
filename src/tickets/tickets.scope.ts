import { and, eq, inArray, or, sql, type SQL } from "drizzle-orm";
import { tickets, type TicketRow } from "../../db/schema";
import type { DbOrTx } from "../../db/client";
import type { AuthUser } from "../shared/dto";
import { notFound } from "../http/errors";

/** Who is asking: the fields of the signed-in user that decide staff scope. */
export type ScopeActor = Pick<AuthUser, "id" | "role" | "canViewAllTickets" | "allowedDepartments" | "allowedCompanies">;

/**
 * THE one place staff scope is decided (contract: Access). Admins and staff with
 * canViewAllTickets see everything; other staff see their departments ∩ companies
 * (an empty list means "any" as long as the other is set) plus tickets assigned to them.
 * Returns undefined for "no restriction".
 */
export function scopeWhere(actor: ScopeActor): SQL | undefined {
  const branches = scopeBranches(actor);
  return branches && (branches.length === 1 ? branches[0] : or(...branches));
}

/** The same scope as the parts of its OR, so a sorted page can be read per branch from its own index. */
export function scopeBranches(actor: ScopeActor): SQL[] | undefined {
  if (actor.role === "admin" || actor.canViewAllTickets) return undefined;
  const assigned = eq(tickets.assignedTo, String(actor.id));
  const depts = actor.allowedDepartments;
  const comps = actor.allowedCompanies;
  if (depts.length === 0 && comps.length === 0) return [assigned];
  const byList = and(depts.length ? inArray(tickets.department, depts) : undefined, comps.length ? inArray(tickets.companyName, comps) : undefined)!;
  return [byList, assigned];
}

/** A ticket the actor may act on, else 404 (never 403: out-of-scope tickets do not exist for them). */
export function getTicketInScope(db: DbOrTx, actor: ScopeActor, id: number): TicketRow {
  const row = db.select().from(tickets).where(and(eq(tickets.id, id), scopeWhere(actor))).get();
  if (!row) throw notFound("Ticket");
  return row;
}

/** Convenience for aggregate queries that need a raw SQL fragment. */
export const scopeSql = (actor: ScopeActor) => scopeWhere(actor) ?? sql`1 = 1`;
