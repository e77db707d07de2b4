import { sqliteOf, type DbOrTx } from "../../db/client";

export type ArticleHit = { id: number; slug: string; title: string; category: string; excerpt: string };
type Audience = "public" | "staff";

// Words too common to tell articles apart; a description is mostly made of them.
const STOP = new Set(
  "the and for with not but you your our are was were has have had this that from they them can cannot cant dont does did will would should could into onto when what which who how why all any about there their then than also just get got its it's i'm please thanks thank hello help need want work working".split(
    " ",
  ),
);
const MAX_TERMS = 12;

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
 * Articles for a query, best first: whole words and their prefixes (stemmed) ranked with the title
 * counting most; when words find too few, a word's trigrams find it misspelt, kept only when most of
 * them are in the article.
 */
export function searchArticles(
  db: DbOrTx,
  q: string,
  opts: { audience: Audience; limit: number; category?: string },
): ArticleHit[] {
  const terms = searchTerms(q);
  if (terms.length === 0) return [];
  const sqlite = sqliteOf(db);
  const where = `${audienceSql(opts.audience)}${opts.category !== undefined ? " AND a.category = $category" : ""}`;
  const params = (match: string, limit: number) => ({
    $match: match,
    $limit: limit,
    ...(opts.category !== undefined ? { $category: opts.category } : {}),
  });
  const byWords = sqlite
    .query<ArticleHit, Record<string, string | number>>(
      `SELECT a.id, a.slug, a.title, a.category, snippet(kb_fts, 1, '', '', '…', 24) AS excerpt
       FROM kb_fts JOIN kb_articles a ON a.id = kb_fts.rowid
       WHERE kb_fts MATCH $match AND ${where}
       ORDER BY bm25(kb_fts, 5.0, 1.0) LIMIT $limit`,
    )
    .all(params(terms.map((t) => `${quote(t)}*`).join(" OR "), opts.limit));
  if (byWords.length >= opts.limit) return byWords;
  const fuzzy = terms.filter((t) => t.length >= 4);
  if (fuzzy.length === 0) return byWords;
  const seen = new Set(byWords.map((h) => h.id));
  const candidates = sqlite
    .query<ArticleHit & { text: string }, Record<string, string | number>>(
      `SELECT a.id, a.slug, a.title, a.category, substr(kb_fts_tri.body, 1, 160) AS excerpt,
              lower(kb_fts_tri.title || ' ' || kb_fts_tri.body) AS text
       FROM kb_fts_tri JOIN kb_articles a ON a.id = kb_fts_tri.rowid
       WHERE kb_fts_tri MATCH $match AND ${where}
       ORDER BY bm25(kb_fts_tri, 5.0, 1.0) LIMIT $limit`,
    )
    .all(params(fuzzy.flatMap(trigrams).map(quote).join(" OR "), 20));
  const close = candidates.filter((c) => !seen.has(c.id) && fuzzy.some((t) => likelyMisspelt(t, c.text)));
  return [...byWords, ...close.slice(0, opts.limit - byWords.length).map(({ text: _, ...hit }) => hit)];
}

/** At least half the word's trigrams appear in the text: one wrong or missing letter still leaves most. */
function likelyMisspelt(term: string, text: string) {
  const grams = trigrams(term);
  const found = grams.filter((g) => text.includes(g)).length;
  return found / grams.length >= 0.5;
}
