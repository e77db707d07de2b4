import type { Database } from "bun:sqlite";
import { stemmer } from "stemmer";
import { perConnection, sqliteOf, type DbOrTx } from "../../db/client";
import type { ReadCache } from "../../db/read-cache";

export type RankedArticle = { id: number; slug: string; title: string; category: string };
type Meta = RankedArticle & { shown: boolean };
/** The articles holding a word or a word's start, by id, with its hits weighted by column. */
type Postings = { ids: Int32Array; freq: Float64Array };

// bm25 as the word index ranks (its constants, the title's hits counting five times the body's)
const K1 = 1.2;
const B = 0.75;
const TITLE_WEIGHT = 5;
const KEPT_TERMS = 8192;
const KEPT_ENTRIES = 400_000;

const statements = perConnection((sqlite: Database) => {
  sqlite.run(
    "CREATE VIRTUAL TABLE IF NOT EXISTS temp.kb_fts_instances USING fts5vocab(main, kb_fts, 'instance')",
  );
  return {
    postings: sqlite.prepare<{ doc: number; f: number }, [string, string]>(
      `SELECT doc, sum(CASE col WHEN 'title' THEN ${TITLE_WEIGHT}.0 ELSE 1.0 END) AS f
       FROM temp.kb_fts_instances WHERE term >= ?1 AND term < ?2 GROUP BY doc ORDER BY doc`,
    ),
    sizes: sqlite.prepare<{ id: number; sz: Uint8Array }, []>("SELECT id, sz FROM kb_fts_docsize"),
    articles: sqlite.prepare<Omit<Meta, "shown"> & { shown: number }, []>(
      `SELECT id, slug, title, category, status = 'published' AND visibility = 'public' AS shown FROM kb_articles`,
    ),
    counted: sqlite.prepare<{ n: number | null }, [string, string]>(
      "SELECT sum(articles) AS n FROM kb_words WHERE term >= ?1 AND term < ?2",
    ),
  };
});

/** A row's length in tokens, all columns: its size record is one varint per column. */
function tokens(sz: Uint8Array) {
  let total = 0;
  for (let i = 0; i < sz.length; ) {
    let v = 0;
    for (let n = 0; i < sz.length; n++) {
      const byte = sz[i++]!;
      if (n === 8) {
        v = v * 256 + byte;
        break;
      }
      v = v * 128 + (byte & 0x7f);
      if (byte < 0x80) break;
    }
    total += v;
  }
  return total;
}

/**
 * What ranking needs of the articles, for one articles version: every row's length as bm25 weighs it, the
 * articles' titles and whether the portal shows them, and each searched word's postings, read once.
 */
class ArticleTerms {
  /** By id: 1 - b + b × length ÷ average length, times k1; -1 where no row is. */
  readonly norms: Float64Array;
  readonly articles: (Meta | undefined)[] = [];
  readonly terms = new Map<string, Postings>();
  readonly counts = new Map<string, number>();
  readonly rows: number;
  /** Scores of one ranking by id, and the ids it touched: reset after each. */
  readonly scores: Float64Array;
  entries = 0;
  constructor(
    readonly version: string,
    sqlite: Database,
  ) {
    const q = statements(sqlite);
    const sizes = q.sizes.all().map((r) => ({ id: r.id, n: tokens(r.sz) }));
    const max = sizes.reduce((m, r) => Math.max(m, r.id), 0);
    this.rows = sizes.length;
    const avgdl = sizes.reduce((t, r) => t + r.n, 0) / (this.rows || 1) || 1;
    this.norms = new Float64Array(max + 1).fill(-1);
    for (const r of sizes) this.norms[r.id] = K1 * (1 - B + (B * r.n) / avgdl);
    this.scores = new Float64Array(max + 1);
    for (const a of q.articles.all()) this.articles[a.id] = { ...a, shown: a.shown === 1 };
  }
  get size() {
    return this.terms.size;
  }
}

class KeptTerms {
  current: ArticleTerms | null = null;
  get size() {
    return this.current?.size ?? 0;
  }
}

/** The ranking data of this articles version, read again once any article changed. */
export function articleTerms(cache: ReadCache, db: DbOrTx, version: string): ArticleTerms {
  const kept = cache.lasting("article-terms", KEPT_TERMS, () => new KeptTerms());
  if (kept.current?.version !== version) kept.current = new ArticleTerms(version, sqliteOf(db));
  return kept.current;
}

const stemOf = (term: string) => stemmer(term);

/** How many articles hold each term as a word or a word's start (as the word counts have them). */
export function countedTerms(at: ArticleTerms, db: DbOrTx, terms: string[]) {
  const q = statements(sqliteOf(db));
  return terms.map((term) => {
    const stem = stemOf(term);
    let n = at.counts.get(stem);
    if (n === undefined) {
      n = q.counted.get(stem, `${stem}\uffff`)?.n ?? 0;
      if (at.counts.size >= KEPT_TERMS) at.counts.clear();
      at.counts.set(stem, n);
    }
    return { term, articles: n };
  });
}

function postingsOf(at: ArticleTerms, db: DbOrTx, term: string): Postings {
  const stem = stemOf(term);
  const found = at.terms.get(stem);
  if (found) return found;
  const rows = statements(sqliteOf(db)).postings.all(stem, `${stem}\uffff`);
  const p = { ids: Int32Array.from(rows, (r) => r.doc), freq: Float64Array.from(rows, (r) => r.f) };
  while (at.terms.size && (at.terms.size >= KEPT_TERMS || at.entries + p.ids.length > KEPT_ENTRIES)) {
    const [oldest, dropped] = at.terms.entries().next().value!;
    at.terms.delete(oldest);
    at.entries -= dropped.ids.length;
  }
  at.terms.set(stem, p);
  at.entries += p.ids.length;
  return p;
}

/**
 * The articles holding any of the terms (or a word starting so), best first by bm25 over all rows as the
 * word index scores them, then kept to those the audience sees: a merge of kept lists, no index query.
 */
export function rankByTerms(
  at: ArticleTerms,
  db: DbOrTx,
  terms: string[],
  opts: { audience: "public" | "staff"; category?: string; limit: number },
): RankedArticle[] {
  const { scores, norms } = at;
  const touched: number[] = [];
  for (const term of terms) {
    const { ids, freq } = postingsOf(at, db, term);
    const idf = Math.log((at.rows - ids.length + 0.5) / (ids.length + 0.5));
    const weight = idf <= 0 ? 1e-6 : idf;
    for (let i = 0; i < ids.length; i++) {
      const id = ids[i]!;
      const f = freq[i]!;
      if (scores[id] === 0) touched.push(id);
      scores[id]! += weight * ((f * (K1 + 1)) / (f + norms[id]!));
    }
  }
  // the best `limit` in one pass, highest score first, the lower id first among equals
  const best: [number, Meta][] = [];
  for (const id of touched) {
    const score = scores[id]!;
    scores[id] = 0;
    const a = at.articles[id];
    if (!a || (opts.audience === "public" && !a.shown)) continue;
    if (opts.category !== undefined && a.category !== opts.category) continue;
    const last = best[best.length - 1];
    if (best.length >= opts.limit && last && (last[0] > score || (last[0] === score && last[1].id < id)))
      continue;
    let pos = best.length;
    while (
      pos > 0 &&
      (best[pos - 1]![0] < score || (best[pos - 1]![0] === score && best[pos - 1]![1].id > id))
    )
      pos--;
    best.splice(pos, 0, [score, a]);
    if (best.length > opts.limit) best.pop();
  }
  return best.map(([, { id, slug, title, category }]) => ({ id, slug, title, category }));
}
