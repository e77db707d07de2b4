import type { Database } from "bun:sqlite";
import { perConnection } from "./client";

/** Statements a group commit runs right after BEGIN and right before COMMIT. */
export type BatchEdges = { open: () => void; close: () => void };

/**
 * A batch indexes the tickets it inserts for search in one statement before its COMMIT. FTS5 writes
 * its pending terms to disk at every statement savepoint, so indexing ticket by ticket wrote an index
 * segment per ticket (~70 µs of a ~330 µs submission); once per batch costs ~20 µs a ticket. While the
 * flag row exists, the insert trigger only notes the new id; the flag lives and dies inside the batch's
 * own transaction, so no other write, and no reader, ever sees it.
 */
export const searchIndexBatch = perConnection((sqlite: Database): BatchEdges => {
  const defer = sqlite.prepare("INSERT INTO search_index_deferred VALUES (1)");
  const index = sqlite.prepare(
    `INSERT INTO tickets_fts(rowid, ticket_id, first_name, last_name, email, description, company_name)
       SELECT t.id, t.ticket_id, t.first_name, t.last_name, t.email, t.description, t.company_name
       FROM search_index_pending p JOIN tickets t ON t.id = p.id`,
  );
  const indexed = sqlite.prepare("DELETE FROM search_index_pending");
  const undefer = sqlite.prepare("DELETE FROM search_index_deferred");
  return {
    open: () => defer.run(),
    close: () => {
      index.run();
      indexed.run();
      undefer.run();
    },
  };
});
