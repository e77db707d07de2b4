import { and, eq, inArray, or, sql, type SQL } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import { tickets, type TicketRow } from "../../db/schema";
import type { DbOrTx } from "../../db/client";
import type { AuthUser } from "../shared/dto";
import { notFound } from "../errors/domain-error";

/** Who is asking: the fields of the signed-in user that decide staff scope. */
export type ScopeActor = Pick<
  AuthUser,
  "id" | "role" | "canViewAllTickets" | "allowedDepartments" | "allowedCompanies"
>;

/**
 * THE one place staff scope is decided: admins and canViewAllTickets see everything (undefined); others
 * see their departments ∩ companies (an empty list means "any" while the other is set) plus their own.
 */
export function scopeWhere(actor: ScopeActor): SQL | undefined {
  const branches = scopeBranches(actor);
  return branches && (branches.length === 1 ? branches[0] : or(...branches));
}

/** A staff scope as data: tickets within `lists` (when set) or assigned to `assignee`; undefined = every ticket. */
export type Scope = { lists: ScopeLists | null; assignee: string };
export type ScopeLists = { departments: string[]; companies: string[] };

export function scopeOf(actor: ScopeActor): Scope | undefined {
  if (actor.role === "admin" || actor.canViewAllTickets) return undefined;
  const { allowedDepartments: departments, allowedCompanies: companies } = actor;
  return {
    lists: departments.length || companies.length ? { departments, companies } : null,
    assignee: String(actor.id),
  };
}

/** The department ∩ company part of a scope, on tickets or on ticket_counts (the columns share names). */
export function listsWhere(
  lists: ScopeLists,
  cols: { department: SQLiteColumn | SQL; companyName: SQLiteColumn | SQL } = tickets,
): SQL {
  const { departments, companies } = lists;
  return and(
    departments.length ? inArray(sql`${cols.department}`, departments) : undefined,
    companies.length ? inArray(sql`${cols.companyName}`, companies) : undefined,
  )!;
}

/**
 * The same scope as the parts of its OR, so a sorted page can be read per branch from its own index.
 * `probeLists` keeps SQLite off the list columns' indexes (ordered by creation only), so a page in
 * another order walks that order's index and probes the lists instead of sorting the whole scope.
 */
export function scopeBranches(actor: ScopeActor, probeLists = false): SQL[] | undefined {
  const scope = scopeOf(actor);
  if (!scope) return undefined;
  const assigned = eq(tickets.assignedTo, scope.assignee);
  const cols = probeLists
    ? { department: sql`+${tickets.department}`, companyName: sql`+${tickets.companyName}` }
    : tickets;
  return scope.lists ? [listsWhere(scope.lists, cols), assigned] : [assigned];
}

/** A ticket the actor may act on, else 404 (never 403: out-of-scope tickets do not exist for them). */
export function getTicketInScope(db: DbOrTx, actor: ScopeActor, id: number): TicketRow {
  const row = db
    .select()
    .from(tickets)
    .where(and(eq(tickets.id, id), scopeWhere(actor)))
    .get();
  if (!row) throw notFound("Ticket");
  return row;
}

/** A ticket by its public id (WI-YYYY-NNN), or undefined when it is unknown or out of the actor's scope. */
const findTicketByPublicId = (db: DbOrTx, actor: ScopeActor, ticketId: string): TicketRow | undefined =>
  db
    .select()
    .from(tickets)
    .where(and(eq(tickets.ticketId, ticketId), scopeWhere(actor)))
    .get();

/** The same, 404 like any other ticket when the actor may not see it. */
export function getTicketByPublicId(db: DbOrTx, actor: ScopeActor, ticketId: string): TicketRow {
  const row = findTicketByPublicId(db, actor, ticketId);
  if (!row) throw notFound("Ticket");
  return row;
}

/** The columns of a ticket that decide who may see it. */
export type ScopeRow = { department: string; companyName: string; assignedTo: string | null };

/** scopeWhere's rule on one row in memory, for fanning live events out without a query per client. */
export function rowInScope(actor: ScopeActor, row: ScopeRow): boolean {
  const scope = scopeOf(actor);
  if (!scope) return true;
  if (row.assignedTo === scope.assignee) return true;
  const lists = scope.lists;
  if (!lists) return false;
  const { departments, companies } = lists;
  return (
    (!departments.length || departments.includes(row.department)) &&
    (!companies.length || companies.includes(row.companyName))
  );
}
