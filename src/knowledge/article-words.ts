import { stemmer } from "stemmer";
import { sqliteOf, type DbOrTx } from "../../db/client";

/** The distinct words of a text as the article index holds them: lower-case, without accents, stemmed. */
function stems(text: string): Set<string> {
  const words =
    text
      .normalize("NFKD")
      .replace(/\p{M}/gu, "")
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu) ?? [];
  return new Set(words.map((w) => stemmer(w)));
}

/** Moves an article's words in the counts from its text before to its text after (null: none). */
export function recountWords(tx: DbOrTx, before: string | null, after: string | null) {
  const sqlite = sqliteOf(tx);
  const old = before === null ? new Set<string>() : stems(before);
  const now = after === null ? new Set<string>() : stems(after);
  const add = sqlite.query<unknown, [string]>(
    "INSERT INTO kb_words (term, articles) VALUES (?, 1) ON CONFLICT (term) DO UPDATE SET articles = articles + 1",
  );
  const drop = sqlite.query<unknown, [string]>(
    "UPDATE kb_words SET articles = articles - 1 WHERE term = ? AND articles > 0",
  );
  for (const w of now) if (!old.has(w)) add.run(w);
  for (const w of old) if (!now.has(w)) drop.run(w);
  sqlite.run("DELETE FROM kb_words WHERE articles <= 0");
}

/** How many articles hold each term as a word or a word's start. */
export function articlesPerTerm(db: DbOrTx, terms: string[]) {
  const count = sqliteOf(db).query<{ n: number | null }, [string, string]>(
    "SELECT sum(articles) AS n FROM kb_words WHERE term >= ?1 AND term < ?2",
  );
  return terms.map((term) => {
    const stem = stemmer(term);
    return { term, articles: count.get(stem, `${stem}\uffff`)?.n ?? 0 };
  });
}
