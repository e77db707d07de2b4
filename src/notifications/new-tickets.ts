import { addDays } from "date-fns";
import { sqliteOf, type Db, type DbOrTx } from "../../db/client";
import { inArray } from "drizzle-orm";
import { agentPreferences, type TicketRow } from "../../db/schema";
import type { NotificationDto } from "../shared/dto";
import { rowInScope, scopeOf, type ScopeActor } from "../tickets/tickets.scope";
import { settingsOf } from "./preferences";

/** What decides an agent's new-ticket entries: their switches, their away days and their two marks. */
export type NewTicketPrefs = Pick<
  typeof agentPreferences.$inferSelect,
  "notify" | "awayFrom" | "awayUntil" | "newTicketsFrom" | "newTicketsRead"
>;

type Raw = { id: number; ref: string; at: number };

const COLUMNS = "SELECT id, ticket_id AS ref, created_at AS at FROM tickets";
// each branch of a scope walks its own (column, created_at) index newest first; away days are skipped
const RANGE = "created_at >= ?2 AND NOT (created_at >= ?3 AND created_at < ?4)";
const TAIL = "ORDER BY created_at DESC LIMIT ?5";
const COMPANIES = "(?6 IS NULL OR company_name IN (SELECT value FROM json_each(?6)))";
const SQL = {
  all: `${COLUMNS} WHERE ?1 IS NULL AND ${RANGE} AND ${COMPANIES} ${TAIL}`,
  department: `${COLUMNS} WHERE department = ?1 AND ${RANGE} AND ${COMPANIES} ${TAIL}`,
  company: `${COLUMNS} WHERE company_name = ?1 AND ${RANGE} AND ${COMPANIES} ${TAIL}`,
  assigned: `${COLUMNS} WHERE assigned_to = ?1 AND ${RANGE} AND ${COMPANIES} ${TAIL}`,
};

/** The local days an agent is away, as an instant range (empty when they are not). */
function awayRange(p: NewTicketPrefs): [number, number] {
  if (!p.awayFrom || !p.awayUntil) return [0, 0];
  const start = new Date(`${p.awayFrom}T00:00:00`);
  return [start.getTime(), addDays(new Date(`${p.awayUntil}T00:00:00`), 1).getTime()];
}

/**
 * New tickets the agent may see, created at or after `since`, newest first: read from the tickets
 * themselves, so a submission writes nothing per agent.
 */
function pulled(db: DbOrTx, user: ScopeActor, p: NewTicketPrefs, since: number, limit: number): Raw[] {
  const sqlite = sqliteOf(db);
  const [awayStart, awayEnd] = awayRange(p);
  const run = (sql: string, key: string | null, companies: string | null = null) =>
    sqlite
      .query<Raw, [string | null, number, number, number, number, string | null]>(sql)
      .all(key, since, awayStart, awayEnd, limit, companies);
  const scope = scopeOf(user);
  if (!scope) return run(SQL.all, null);
  const branches = [run(SQL.assigned, scope.assignee)];
  const lists = scope.lists;
  if (lists?.departments.length) {
    const companies = lists.companies.length ? JSON.stringify(lists.companies) : null;
    for (const d of lists.departments) branches.push(run(SQL.department, d, companies));
  } else if (lists) for (const c of lists.companies) branches.push(run(SQL.company, c));
  const byId = new Map(branches.flat().map((r) => [r.id, r]));
  return [...byId.values()].sort((a, b) => b.at - a.at || b.id - a.id).slice(0, limit);
}

/** A new ticket as a bell entry: its id is the ticket's own, negated, so it never meets a stored row's. */
const entry = (r: Raw, read: boolean): NotificationDto => ({
  id: -r.id,
  kind: "new_ticket",
  ticketId: r.id,
  ticketRef: r.ref,
  actorName: null,
  createdAt: new Date(r.at).toISOString(),
  read,
});

const listening = (p: NewTicketPrefs | undefined): p is NewTicketPrefs & { newTicketsFrom: Date } =>
  !!p?.newTicketsFrom && settingsOf(p).newTicket.app;

/** The newest new-ticket entries of an agent's bell. */
export function newTicketEntries(db: DbOrTx, user: ScopeActor, p: NewTicketPrefs | undefined, limit: number) {
  if (!listening(p)) return [];
  const read = p.newTicketsRead?.getTime() ?? -1;
  return pulled(db, user, p, p.newTicketsFrom.getTime(), limit).map((r) => entry(r, r.at <= read));
}

/** How many new-ticket entries are unread, counting at most `cap`. */
export function unreadNewTickets(db: DbOrTx, user: ScopeActor, p: NewTicketPrefs | undefined, cap: number) {
  if (!listening(p)) return 0;
  const since = Math.max(p.newTicketsFrom.getTime(), (p.newTicketsRead?.getTime() ?? -2) + 1);
  return pulled(db, user, p, since, cap).length;
}

/** The switches and marks of the given agents, for the live streams. */
export const prefsOfUsers = (db: Db, ids: number[]): Map<number, NewTicketPrefs> =>
  new Map(
    db
      .select()
      .from(agentPreferences)
      .where(inArray(agentPreferences.userId, ids))
      .all()
      .map((p) => [p.userId, p]),
  );

/** A just-created ticket as the bell entry an agent's stream receives, when it is one of theirs. */
export function liveEntry(
  user: ScopeActor,
  p: NewTicketPrefs | undefined,
  t: TicketRow,
): NotificationDto | undefined {
  if (!listening(p) || t.createdAt < p.newTicketsFrom || !rowInScope(user, t)) return undefined;
  const [awayStart, awayEnd] = awayRange(p);
  const at = t.createdAt.getTime();
  if (at >= awayStart && at < awayEnd) return undefined;
  return entry({ id: t.id, ref: t.ticketId, at }, false);
}
