import { sqliteOf, type DbOrTx } from "../../db/client";
import type { ReadCache } from "../../db/read-cache";
import { articleTerms, countedTerms, rankByTerms, type RankedArticle } from "./article-ranking";
import { articlesPerTerm } from "./article-words";
import { articlesVersion } from "./articles.service";

export type ArticleHit = { id: number; slug: string; title: string; category: string; excerpt: string };
type Audience = "public" | "staff";
/** `excerpts: false` leaves them empty, for callers that show titles alone. */
type Opts = { audience: Audience; limit: number; category?: string; excerpts?: boolean };

// Words too common to tell articles apart; a description is mostly made of them.
const STOP = new Set(
  "the and for with not but you your our are was were has have had this that from they them can cannot cant dont does did will would should could into onto when what which who how why all any about there their then than also just get got its it's i'm please thanks thank hello help need want work working".split(
    " ",
  ),
);
const MAX_TERMS = 12;
/** The articles a query's rarest words should reach together before its more common words are left out. */
const RANKED = 300;
/** Best-ranked index rows read before the article filters; more only when too few of them pass. */
const FIRST_ROWS = 50;

/** The words of a query worth searching: letters and digits, three or more, without the common ones. */
function searchTerms(q: string): string[] {
  const words =
    q
      .toLowerCase()
      .normalize("NFKC")
      .match(/[\p{L}\p{N}]{3,}/gu) ?? [];
  return [...new Set(words.filter((w) => !STOP.has(w)))].slice(0, MAX_TERMS);
}

const trigrams = (word: string) => {
  const out = new Set<string>();
  for (let i = 0; i + 3 <= word.length; i++) out.add(word.slice(i, i + 3));
  return [...out];
};
const quote = (s: string) => `"${s.replaceAll('"', '""')}"`;

const audienceSql = (audience: Audience) =>
  audience === "public" ? "a.status = 'published' AND a.visibility = 'public'" : "1 = 1";

/**
 * Index rows for `match`, best first, then their articles through the filters: ranking reads only the
 * index, so the article rows are read for the best few alone.
 */
function ranked(db: DbOrTx, table: "kb_fts" | "kb_fts_tri", match: string, opts: Opts, want: number) {
  const where = `${audienceSql(opts.audience)}${opts.category !== undefined ? " AND a.category = $category" : ""}`;
  const read = (rows: number) =>
    sqliteOf(db)
      .query<{ id: number; slug: string; title: string; category: string }, Record<string, string | number>>(
        `SELECT a.id, a.slug, a.title, a.category
         FROM (SELECT rowid AS id, bm25(${table}, 5.0, 1.0) AS score FROM ${table}
               WHERE ${table} MATCH $match ORDER BY score LIMIT $rows) f
         JOIN kb_articles a ON a.id = f.id
         WHERE ${where} ORDER BY f.score LIMIT $want`,
      )
      .all({
        $match: match,
        $rows: rows,
        $want: want,
        ...(opts.category !== undefined ? { $category: opts.category } : {}),
      });
  const first = read(FIRST_ROWS);
  return first.length >= want ? first : read(-1);
}

type Counter = (terms: string[]) => { term: string; articles: number }[];
type Search = { words: string; terms: string[]; misspelt: string[] };
/** The best articles for a search's words: by the word index itself, or by kept postings. */
type Ranker = (search: Search, opts: Opts, want: number) => RankedArticle[];

/** What a query is searched as: its rarer known words, and the unknown words taken as misspelt. */
function searchOf(q: string, count: Counter): Search | null {
  const terms = searchTerms(q);
  if (terms.length === 0) return null;
  const counted = count(terms);
  const known = counted.filter((t) => t.articles > 0).sort((a, b) => a.articles - b.articles);
  // the rarest words until they reach enough articles to rank: a word in one article alone finds too few
  let reach = 0;
  const searched = known.filter((t) => {
    const take = reach < RANKED;
    reach += t.articles;
    return take;
  });
  // a number the articles never hold is no misspelt word: its trigrams would find any other number
  const misspelt = counted
    .filter((t) => t.articles === 0 && t.term.length >= 4 && /\p{L}/u.test(t.term))
    .map((t) => t.term);
  return {
    words: searched.map((t) => `${quote(t.term)}*`).join(" OR "),
    terms: searched.map((t) => t.term),
    misspelt,
  };
}

/**
 * Articles for a query, best first: its rarer words and their starts (stemmed) ranked with the title
 * counting most; words the index does not know are taken as misspelt, and found by their trigrams
 * when most of them are in the article.
 */
export function searchArticles(db: DbOrTx, q: string, opts: Opts): ArticleHit[] {
  const search = searchOf(q, (terms) => articlesPerTerm(db, terms));
  const byIndex: Ranker = (s, o, want) => (s.words ? ranked(db, "kb_fts", s.words, o, want) : []);
  return search ? rankedHits(db, search, opts, byIndex) : [];
}

/**
 * The same, kept until an article changes: visitors who describe one problem in their own words
 * mostly ask the same search (its rarer words); a new search merges the words' kept postings.
 */
export function keptSearch(cache: ReadCache, db: DbOrTx, q: string, opts: Opts): ArticleHit[] {
  const version = articlesVersion(db);
  const at = articleTerms(cache, db, version);
  const search = searchOf(q, (terms) => countedTerms(at, db, terms));
  if (!search) return [];
  const kept = cache.lasting("article-searches", KEPT_SEARCHES, () => new KeptSearches());
  const key = JSON.stringify([version, opts, search.words, search.misspelt]);
  const byPostings: Ranker = (s, o, want) => rankByTerms(at, db, s.terms, { ...o, limit: want });
  return kept.get(key) ?? kept.set(key, rankedHits(db, search, opts, byPostings));
}

const KEPT_SEARCHES = 2048;
class KeptSearches {
  private readonly hits = new Map<string, ArticleHit[]>();
  get size() {
    return this.hits.size;
  }
  get(key: string) {
    return this.hits.get(key);
  }
  set(key: string, hits: ArticleHit[]) {
    if (this.hits.size >= KEPT_SEARCHES) this.hits.delete(this.hits.keys().next().value!);
    this.hits.set(key, hits);
    return hits;
  }
}

function rankedHits(db: DbOrTx, search: Search, opts: Opts, rank: Ranker) {
  const { words, misspelt } = search;
  const sqlite = sqliteOf(db);
  const byWords = words ? rank(search, opts, opts.limit) : [];
  const excerpt = sqlite.query<{ excerpt: string }, [string, number]>(
    "SELECT snippet(kb_fts, 1, '', '', '…', 24) AS excerpt FROM kb_fts WHERE kb_fts MATCH ?1 AND rowid = ?2",
  );
  const excerptOf = (id: number) => (opts.excerpts === false ? "" : (excerpt.get(words, id)?.excerpt ?? ""));
  const hits: ArticleHit[] = byWords.map((a) => ({ ...a, excerpt: excerptOf(a.id) }));
  if (hits.length >= opts.limit || misspelt.length === 0) return hits;
  const seen = new Set(hits.map((h) => h.id));
  const text = sqlite.query<{ text: string; excerpt: string }, [number]>(
    "SELECT lower(title || ' ' || body) AS text, substr(body, 1, 160) AS excerpt FROM kb_fts_tri WHERE rowid = ?",
  );
  const candidates = ranked(db, "kb_fts_tri", misspelt.flatMap(trigrams).map(quote).join(" OR "), opts, 20);
  for (const c of candidates) {
    if (hits.length >= opts.limit) break;
    const row = seen.has(c.id) ? null : text.get(c.id);
    if (row && misspelt.some((t) => likelyMisspelt(t, row.text))) hits.push({ ...c, excerpt: row.excerpt });
  }
  return hits;
}

/** At least half the word's trigrams appear in the text: one wrong or missing letter still leaves most. */
function likelyMisspelt(term: string, text: string) {
  const grams = trigrams(term);
  const found = grams.filter((g) => text.includes(g)).length;
  return found / grams.length >= 0.5;
}
