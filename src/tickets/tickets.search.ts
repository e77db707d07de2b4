import { or, sql, type SQL } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { tickets } from "../../db/schema";
import { withinBudget } from "../../db/query-budget";

/**
 * Admin search over ticketId, names, e-mail, description and company. Three or more
 * characters go through the FTS5 trigram index (migration 0001), a substring match that stays an
 * index lookup at a million tickets; shorter terms cannot use trigrams and fall back to LIKE.
 */
export function searchWhere(term: string, plan: SearchPlan = "matches-first"): SQL | undefined {
  const q = clean(term);
  if (!q) return undefined;
  const phrase = ftsPhrase(q);
  if (phrase) {
    // "+" keeps SQLite from driving the query from the list of matches, so it walks a date index
    // newest-first and probes the matches, stopping after one page (see searchPlan).
    const id = plan === "walk-dates" ? sql`+${tickets.id}` : sql`${tickets.id}`;
    // each match gathered counts against the request's budget (db/query-budget.ts)
    return sql`${id} IN (SELECT rowid FROM tickets_fts WHERE tickets_fts MATCH ${phrase} AND ${withinBudget(sql`rowid`)})`;
  }
  const pattern = `%${q.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
  const cols = [
    tickets.ticketId,
    tickets.firstName,
    tickets.lastName,
    tickets.email,
    tickets.description,
    tickets.companyName,
  ];
  return sql`${withinBudget(tickets.id)} AND (${or(...cols.map((col) => sql`${col} LIKE ${pattern} ESCAPE '\\'`))})`;
}

// An FTS5 query string ends at a NUL ("unterminated string"), and no stored text is matched by one.
const clean = (term: string) => term.replaceAll("\u0000", "").trim();
const ftsPhrase = (q: string) => ([...q].length >= 3 ? `"${q.replaceAll('"', '""')}"` : null);

/**
 * Tickets matching the term, counted by FTS5 from its own index (no join) and only up to cap + 1,
 * so a broad term costs no more than a bounded count; null below 3 characters.
 */
export function searchMatchCount(db: DbOrTx, term: string, cap: number): number | null {
  const phrase = ftsPhrase(clean(term));
  if (!phrase) return null;
  return db.all<{ n: number }>(
    sql`SELECT count(*) AS n FROM (SELECT 1 FROM tickets_fts WHERE tickets_fts MATCH ${phrase} AND ${withinBudget(sql`rowid`)} LIMIT ${cap + 1})`,
  )[0]!.n;
}

export type SearchPlan = "matches-first" | "walk-dates";

/**
 * For a search with nothing else narrowing it, measured at 1 M tickets: a rare term is fastest read
 * from its few matches and sorted (0.2 ms, where walking the date index takes ~70 ms); a term
 * matching 100,000 tickets is fastest by walking the date index newest-first and probing the
 * matches (56 ms instead of 550 ms). With other filters SQLite's own choice is better: left to it.
 */
export function searchPlan(matches: number | null, pageSize: number, allTickets: () => number): SearchPlan {
  return matches !== null && matches >= pageSize && matches * 100 >= allTickets()
    ? "walk-dates"
    : "matches-first";
}
