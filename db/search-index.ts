import type { Database } from "bun:sqlite";
import { perConnection } from "./client";

/** Statements a group commit runs right after BEGIN and right before COMMIT. */
export type BatchEdges = { open: () => void; close: () => void };

/**
 * What a batch indexes before COMMIT. CROSS JOIN keeps the batch's few ids as the outer loop: without
 * it SQLite may walk every ticket and look each up among them, whatever the statistics say.
 */
export const BATCH_INDEXING = {
  trigrams: `INSERT INTO tickets_fts(rowid, ticket_id, first_name, last_name, email, description, company_name)
       SELECT t.id, t.ticket_id, t.first_name, t.last_name, t.email, t.description, t.company_name
       FROM search_index_pending p CROSS JOIN tickets t ON t.id = p.id`,
  words: `INSERT OR REPLACE INTO ticket_words(rowid, person, ticket, replies, internal, files, facets)
       SELECT s.id, s.person, s.ticket, s.replies, s.internal, s.files, s.facets
       FROM search_index_pending p CROSS JOIN ticket_search_text s ON s.id = p.id`,
  changed: `INSERT OR REPLACE INTO ticket_words(rowid, person, ticket, replies, internal, files, facets)
       SELECT s.id, s.person, s.ticket, s.replies, s.internal, s.files, s.facets
       FROM search_words_stale p CROSS JOIN ticket_search_text s ON s.id = p.id`,
};

/**
 * A batch indexes its new and changed tickets in one statement each before COMMIT: FTS5 writes a segment at
 * every statement savepoint, so per-ticket indexing cost a segment each. Meanwhile a flag row makes the
 * triggers only note the ids; the flag lives and dies in the batch's transaction, so no other write sees it.
 */
export const searchIndexBatch = perConnection((sqlite: Database): BatchEdges => {
  const defer = sqlite.prepare("INSERT INTO search_index_deferred VALUES (1)");
  const index = sqlite.prepare(BATCH_INDEXING.trigrams);
  const words = sqlite.prepare(BATCH_INDEXING.words);
  const changed = sqlite.prepare(BATCH_INDEXING.changed);
  const indexed = sqlite.prepare("DELETE FROM search_index_pending");
  const reindexed = sqlite.prepare("DELETE FROM search_words_stale");
  const undefer = sqlite.prepare("DELETE FROM search_index_deferred");
  return {
    open: () => defer.run(),
    close: () => {
      index.run();
      words.run();
      changed.run();
      indexed.run();
      reindexed.run();
      undefer.run();
    },
  };
});

/** Pages FTS5 writes per merge step: a step holds the write lock for some tens of milliseconds. */
const MERGE_STEP_PAGES = 256;

/**
 * One step of merging the word index into a single segment: the first step starts the merge, later
 * ones carry it on. False once a step found nothing left to merge: FTS5 then changes fewer than two rows.
 */
export function mergeWordsStep(sqlite: Database, first: boolean): boolean {
  const changes = sqlite.prepare<{ n: number }, []>("SELECT total_changes() AS n");
  const before = changes.get()!.n;
  sqlite
    .prepare("INSERT INTO ticket_words(ticket_words, rank) VALUES ('merge', ?)")
    .run(first ? -MERGE_STEP_PAGES : MERGE_STEP_PAGES);
  return changes.get()!.n - before >= 2;
}

/** The word index's structure record (row 10 of FTS5's data table): it changes with every write to the index. */
export const wordsStructure = (sqlite: Database) =>
  (sqlite.prepare("SELECT block FROM ticket_words_data WHERE id = 10").get() as { block: Uint8Array } | null)
    ?.block ?? null;

/** Segments of the word index, from its structure record's header (FTS5's own layout). */
export function wordsSegments(sqlite: Database): number {
  const b = new Uint8Array(wordsStructure(sqlite)!);
  let at = b[4] === 0xff && b[5] === 0 && b[6] === 0 && b[7] === 1 ? 8 : 4; // past the cookie and the v2 mark
  const varint = () => {
    let v = 0;
    for (;;) {
      const c = b[at++]!;
      v = v * 128 + (c & 0x7f);
      if (!(c & 0x80)) return v;
    }
  };
  varint(); // levels
  return varint();
}
