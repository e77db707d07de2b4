import type { Database } from "bun:sqlite";
import { sql, type SQL } from "drizzle-orm";
import { perConnection, sqliteOf, type DbOrTx } from "../../db/client";
import { rowSpender } from "../../db/query-budget";
import type { ReadCtx } from "../../db/read-cache";
import { tickets } from "../../db/schema";
import { Matches, TooLong, Uncovered } from "./search-matches";
import type { SearchQuery } from "./tickets.search";

/** Searches whose loaded matches a connection keeps until the next write, and the most each may hold. */
const KEPT = 16;
const KEPT_BYTES = 64 * 1024;
const KEPT_SPANS = 32;

/** Per connection: `search_has(id)`, answering from the walk running on it, and the span loader. */
const walkerOf = perConnection((sqlite: Database) => {
  const slot: { matches: Matches | null } = { matches: null };
  const spend = rowSpender(sqlite);
  sqlite.function("search_has", (id: number) => {
    if (!slot.matches) throw new Error("search_has() runs only inside walkSearch()");
    spend();
    return slot.matches.has(id);
  });
  const words = "SELECT rowid FROM ticket_words WHERE ticket_words MATCH ?";
  const grams = "SELECT rowid FROM tickets_fts WHERE tickets_fts MATCH ?";
  const span = "rowid BETWEEN ? AND ?";
  const loaders = {
    words: sqlite.prepare<[number], [string, number, number]>(`${words} AND ${span}`),
    grams: sqlite.prepare<[number], [string, number, number]>(`${grams} AND ${span}`),
    both: sqlite.prepare<[number], [string, string, number, number, number, number]>(
      `${words} AND rowid IN (${grams} AND ${span}) AND ${span}`,
    ),
  };
  /** The matching ids in [lo, hi]. */
  const load = ({ words, grams }: SearchQuery, lo: number, hi: number) =>
    (words && grams
      ? loaders.both.values(words, grams, lo, hi, lo, hi)
      : loaders[words ? "words" : "grams"].values((words ?? grams)!, lo, hi)
    ).map((r) => r[0] as number);
  return { slot, load };
});

/**
 * Whether a walked ticket matches the search, answered from the matches loaded for the ids the walk
 * reaches (walkSearch). It needs only the id, so SQLite asks it before reading the ticket's row.
 * Each ticket it is asked about counts against the query budget, as within_budget would count it.
 */
export const searchHas = (db: DbOrTx): SQL => {
  walkerOf(sqliteOf(db));
  return sql`search_has(${tickets.id})`;
};

export type Walk = {
  query: SearchQuery;
  /** The list runs to lower ids (newest first): spans are loaded below the ticket reached. */
  descending: boolean;
  /** Ids to load at first, from the share of tickets that match. */
  first: number;
  /** Past this many tickets visited the walk gives way to `otherwise`. */
  maxVisits: number;
  /** Every match, when they were gathered in full: nothing is loaded while walking. */
  ids?: Int32Array | null;
};

/**
 * Runs `read`, whose queries walk tickets in list order and test each with searchHas,  for a search: a page costs the tickets walked plus the spans of matches they reach, never the whole
 * match set. A walk leaving the loaded spans is stopped, its span loaded and `read` run again.
 */
export function walkSearch<T>({ db, cache }: ReadCtx, walk: Walk, read: () => T, otherwise: () => T): T {
  const { slot, load } = walkerOf(sqliteOf(db));
  if (slot.matches) throw new Error("a search walk is already running on this connection");
  // kept answers are dropped at the next write: so is this map of loaded matches, changed in place
  const kept = cache.get(db, { kind: "search-walks" }, () => new Map<string, Matches>());
  const matches = kept.get(walk.query.key) ?? new Matches();
  if (walk.ids && !kept.has(walk.query.key)) matches.coverAll(walk.ids);
  matches.start(walk.maxVisits, walk.first);
  const span = (lo: number, hi: number) => load(walk.query, lo, hi);
  try {
    for (;;) {
      slot.matches = matches;
      try {
        return read();
      } catch (error) {
        if (!(error instanceof Uncovered)) throw error;
        slot.matches = null;
        matches.cover(error.id, walk.descending, span);
      }
    }
  } catch (error) {
    if (!(error instanceof TooLong)) throw error;
    slot.matches = null;
    return otherwise();
  } finally {
    slot.matches = null;
    keep(kept, walk.query.key, matches);
  }
}

/** Kept for the next read of the same search until a write; the oldest and the largest are dropped. */
function keep(kept: Map<string, Matches>, key: string, matches: Matches) {
  kept.delete(key);
  if (!matches.keepable(KEPT_BYTES, KEPT_SPANS)) return;
  kept.set(key, matches);
  if (kept.size > KEPT) kept.delete(kept.keys().next().value!);
}
