import type { Database } from "bun:sqlite";
import { or, sql, type SQL } from "drizzle-orm";
import { tickets } from "../../db/schema";
import { withinBudget } from "../../db/query-budget";
import { perConnection, sqliteOf, type DbOrTx } from "../../db/client";
import type { ReadCtx } from "../../db/read-cache";
import { phoneInSearch } from "../settings/phone-rules";

/**
 * A staff search as the indexes answer it: `words` for the word index (requester, ticket text, replies,
 * internal notes, file names), `grams` for the trigram index of the ticket's own fields, `phone` for a
 * term that is a phone number (E.164, matched in any format besides the words); `key` names it.
 */
export type SearchQuery = { words: string | null; grams: string | null; phone: string | null; key: string };

/** Whether the word index holds a match for an FTS5 expression: one index lookup, no row read. */
const holdsOf = perConnection((sqlite: Database) => {
  const probe = sqlite.prepare<{ id: number }, [string]>(
    "SELECT rowid AS id FROM ticket_words WHERE ticket_words MATCH ? LIMIT 1",
  );
  return (expr: string) => probe.get(expr) !== null;
});

/**
 * Each word of three or more characters must match: a whole word where the index holds it ("Victor
 * Brown", "WI-2026-012"), else the start of one ("Vict"), else a fragment of the ticket's own fields
 * ("rinter"). Shorter words are left out beside longer ones; null when no word is long enough.
 * `facets` (searchFacets) narrows the word index's matches to the list's filters.
 */
export function searchQuery(db: DbOrTx, term: string, facets: string | null = null): SearchQuery | null {
  const long = clean(term)
    .split(/\s+/)
    .filter((w) => [...w].length >= 3);
  if (!long.length) return null;
  const holds = holdsOf(sqliteOf(db));
  const words: string[] = [];
  const grams: string[] = [];
  for (const w of long) {
    const tokens = tokensOf(w);
    const whole = `"${tokens.join(" ")}"`;
    // a whole word is read lazily in id order; a prefix merges every word it begins first
    if (tokens.length && holds(whole)) words.push(whole);
    else if (tokens.length && holds(`${whole}*`)) words.push(`${whole}*`);
    else grams.push(`"${w.replaceAll('"', '""')}"`);
  }
  const q = {
    words: words.length ? [...words, ...(facets ? [facets] : [])].join(" AND ") : null,
    grams: grams.join(" AND ") || null,
    phone: phoneInSearch(db, clean(term)),
  };
  return { ...q, key: JSON.stringify(q) };
}

/** The words the index's tokenizer makes of a text: letters and digits, lower case, without accents. */
export const tokensOf = (text: string) =>
  text
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);

/** The ids of the tickets matching, as a SELECT of `rowid`; each one gathered counts against the budget. */
function matchesOf(q: SearchQuery): SQL {
  const budget = withinBudget(sql`rowid`);
  const words = q.words ? sql`SELECT rowid FROM ticket_words WHERE ticket_words MATCH ${q.words}` : null;
  const grams = q.grams ? sql`SELECT rowid FROM tickets_fts WHERE tickets_fts MATCH ${q.grams}` : null;
  const text = words && grams ? sql`${words} AND rowid IN (${grams})` : (words ?? grams)!;
  if (!q.phone) return sql`${text} AND ${budget}`;
  return sql`${text} AND ${budget} UNION ${phoneMatches(q.phone)}`;
}

const phoneMatches = (phone: string) =>
  sql`SELECT id AS rowid FROM tickets WHERE phone_e164 = ${phone} AND ${withinBudget(sql`id`)}`;

/** The staff search as a condition on tickets; terms too short for the indexes fall back to LIKE. */
export function searchWhere(db: DbOrTx, term: string, facets: string | null = null): SQL | undefined {
  const q = clean(term);
  if (!q) return undefined;
  const query = searchQuery(db, q, facets);
  // each match gathered counts against the request's budget (db/query-budget.ts)
  if (query) return sql`${tickets.id} IN (${matchesOf(query)})`;
  const pattern = `%${q.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
  const cols = [
    tickets.ticketId,
    tickets.firstName,
    tickets.lastName,
    tickets.email,
    tickets.description,
    tickets.companyName,
  ];
  const phone = phoneInSearch(db, q);
  const like = or(...cols.map((col) => sql`${col} LIKE ${pattern} ESCAPE '\\'`));
  return sql`${withinBudget(tickets.id)} AND (${phone ? or(like, sql`${tickets.id} IN (${phoneMatches(phone)})`) : like})`;
}

// An FTS5 query string ends at a NUL ("unterminated string"), and no stored text is matched by one.
const clean = (term: string) => term.replaceAll("\u0000", "").trim();

/** A search's matches, gathered once: how many up to cap + 1, and their ids when no more than cap matched. */
export type SearchMatches = { n: number; ids: Int32Array | null };

/**
 * Tickets matching the search, gathered by FTS5 from its own index (no join) and only up to cap + 1,
 * so a broad term costs no more than a bounded count. Few matches are then read by id, or tested from
 * memory as a page walks, without asking the index again.
 */
export function searchMatches({ db, cache }: ReadCtx, query: SearchQuery, cap: number): SearchMatches {
  return cache.get(db, { kind: "search-matches", filters: query.key, page: cap }, () => {
    // one JSON text is cheaper to hand over than a row per match
    const [{ ids }] = db.all<{ ids: string }>(
      sql`SELECT json_group_array(rowid) AS ids FROM (${matchesOf(query)} LIMIT ${cap + 1})`,
    ) as [{ ids: string }];
    const all = JSON.parse(ids) as number[];
    return { n: all.length, ids: all.length > cap ? null : Int32Array.from(all) };
  });
}

/** Matched ids as a condition SQLite reads by rowid (json_each of their list). */
export const idsIn = (ids: Int32Array): SQL =>
  sql`${tickets.id} IN (SELECT value FROM json_each(${JSON.stringify(Array.from(ids))}))`;

export type SearchPlan = "matches-first" | "walk-dates";

/**
 * Matches up to a fifth of what a count may gather are each read by id and sorted, which costs less
 * than walking for them; more than a page and more than that walk the list's order, testing each
 * ticket (walkSearch): a page then costs the tickets walked to fill it. A walk that runs long (rare or
 * clustered in time) gives way to reading the matches.
 */
export const readsByIdUpTo = (cap: number) => Math.floor(cap / 5);
export const searchPlan = (matches: number | null, pageSize: number, cap: number): SearchPlan =>
  matches !== null && matches > Math.max(pageSize, readsByIdUpTo(cap)) ? "walk-dates" : "matches-first";
