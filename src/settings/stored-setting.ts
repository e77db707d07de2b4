import type { Database } from "bun:sqlite";
import { perConnection, sqliteOf, type DbOrTx } from "../../db/client";

const readSetting = perConnection((client: Database) =>
  client.prepare<{ value: string }, [string]>("SELECT value FROM app_settings WHERE key = ?"),
);

/**
 * A reader of one settings row, parsed once per stored value. Submissions read settings inside their
 * write transaction, where no answer kept "until the database changes" can serve; the row itself is
 * one indexed read. The same value gives back the same object: callers copy before changing it.
 */
export function storedSetting<T>(key: string, parse: (value: string | null) => T): (db: DbOrTx) => T {
  let last: { value: string | null; parsed: T } | undefined;
  return (db) => {
    const value = readSetting(sqliteOf(db)).get(key)?.value ?? null;
    if (!last || last.value !== value) last = { value, parsed: parse(value) };
    return last.parsed;
  };
}
