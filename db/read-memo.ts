import type { Database } from "bun:sqlite";
import { inTransaction, perConnection, sqliteOf, type DbOrTx } from "./client";

/**
 * Answers of read-only ticket queries, kept until the database changes: total_changes() moves with
 * every row this connection writes (triggers included), PRAGMA data_version with every commit by
 * another connection or process. Per database handle and bounded; a transaction always reads fresh.
 * The key must hold every input of `compute` besides the data (scope, filters, the day); `keep`
 * leaves out answers not worth a slot (a session lookup that found nothing: any token can ask).
 * Answers are shared between requests: callers copy before changing them.
 */
export function memoUntilChange<T>(
  db: DbOrTx,
  key: string,
  compute: () => T,
  keep: (value: T) => boolean = () => true,
  /** For answers that also age with the clock: false sends a kept answer back to `compute`. */
  fresh: (value: T) => boolean = () => true,
): T {
  const memo = memoFor(db);
  if (!memo) return compute();
  if (memo.answers.has(key) && fresh(memo.answers.get(key) as T)) return memo.answers.get(key) as T;
  const value = compute();
  if (!keep(value)) return value;
  if (memo.answers.size >= MAX_ANSWERS) memo.answers.clear();
  memo.answers.set(key, value);
  return value;
}

type Memo = { version: string; answers: Map<string, unknown>; current: () => string };
const memoOf = perConnection((client: Database): Memo => {
  const own = client.prepare<{ c: number }, []>("SELECT total_changes() AS c");
  const others = client.prepare<{ data_version: number }, []>("PRAGMA data_version");
  return { version: "", answers: new Map(), current: () => `${others.get()!.data_version}:${own.get()!.c}` };
});
const MAX_ANSWERS = 256;

/**
 * Where the database stands for this connection: the same mark until anything is written to it, by
 * this connection or any other. Null inside a transaction, whose reads may still be rolled back.
 */
export function changeMark(db: DbOrTx): string | null {
  return memoFor(db)?.version ?? null;
}

function memoFor(db: DbOrTx): Memo | null {
  if (inTransaction(db)) return null;
  const memo = memoOf(sqliteOf(db));
  const version = memo.current();
  if (version !== memo.version) {
    memo.answers.clear();
    memo.version = version;
  }
  return memo;
}
