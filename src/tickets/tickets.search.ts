import { or, sql, type SQL } from "drizzle-orm";
import { tickets } from "../../db/schema";
import { withinBudget } from "../../db/query-budget";
import type { ReadCtx } from "../../db/read-cache";

/**
 * Admin search over ticketId, names, e-mail, description and company. Three or more
 * characters go through the FTS5 trigram index (migration 0001), a substring match that stays an
 * index lookup at a million tickets; shorter terms cannot use trigrams and fall back to LIKE.
 */
export function searchWhere(term: string): SQL | undefined {
  const q = clean(term);
  if (!q) return undefined;
  const phrase = ftsPhrase(q);
  if (phrase) {
    // each match gathered counts against the request's budget (db/query-budget.ts)
    return sql`${tickets.id} IN (SELECT rowid FROM tickets_fts WHERE tickets_fts MATCH ${phrase} AND ${withinBudget(sql`rowid`)})`;
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
/**
 * Every word of three or more characters, each anywhere in the searched fields ("Victor Brown" finds
 * the first and last name); shorter words cannot use trigrams and are left out beside longer ones.
 */
function ftsPhrase(q: string): string | null {
  const words = q.split(/\s+/).filter((w) => [...w].length >= 3);
  return words.length ? words.map((w) => `"${w.replaceAll('"', '""')}"`).join(" AND ") : null;
}

/** The term as an FTS5 query, or null when no word of it is long enough for trigrams. */
export const searchPhrase = (term: string) => ftsPhrase(clean(term));

/**
 * Tickets matching the term, counted by FTS5 from its own index (no join) and only up to cap + 1,
 * so a broad term costs no more than a bounded count; null below 3 characters.
 */
export function searchMatchCount({ db, cache }: ReadCtx, term: string, cap: number): number | null {
  const phrase = ftsPhrase(clean(term));
  if (!phrase) return null;
  return cache.get(
    db,
    { kind: "search-count", filters: phrase, page: cap },
    () =>
      db.all<{ n: number }>(
        sql`SELECT count(*) AS n FROM (SELECT 1 FROM tickets_fts WHERE tickets_fts MATCH ${phrase} AND ${withinBudget(sql`rowid`)} LIMIT ${cap + 1})`,
      )[0]!.n,
  );
}

export type SearchPlan = "matches-first" | "walk-dates";

/**
 * A term matching more than a page walks the list's order, testing each ticket (walkSearch): a page
 * then costs the tickets walked to fill it. A walk that runs long (rare or clustered in time) gives
 * way to reading the matches; a term matching no more than a page is read from its matches.
 */
export const searchPlan = (matches: number | null, pageSize: number): SearchPlan =>
  matches !== null && matches > pageSize ? "walk-dates" : "matches-first";
