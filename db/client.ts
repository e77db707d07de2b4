import { Database, type Statement } from "bun:sqlite";
import { type Placeholder, sql } from "drizzle-orm";
import { drizzle, type BunSQLiteDatabase } from "drizzle-orm/bun-sqlite";
import * as schema from "./schema";
import { defineBudget } from "./query-budget";

export type Db = BunSQLiteDatabase<typeof schema>;
/** A transaction handle; services accept either (both run the same synchronous queries). */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
export type DbOrTx = Db | Tx;

export type Synchronous = "FULL" | "NORMAL";

/** Every column a placeholder of its own name: the typed values of a prepared insert. */
export const placeholders = <const K extends string>(keys: readonly K[]): Record<K, Placeholder<K>> =>
  Object.fromEntries(keys.map((k) => [k, sql.placeholder(k)])) as unknown as Record<K, Placeholder<K>>;

/**
 * The bun:sqlite handle under a Drizzle database or transaction (the same connection and snapshot), for
 * the few reads that skip Drizzle's row mapping.
 */
export const sqliteOf = (db: DbOrTx): Database =>
  (db as unknown as { session: { client: Database } }).session.client;
/** Asked of the connection, not the handle: the plain handle reads inside an open transaction too. */
export const inTransaction = (db: DbOrTx) => sqliteOf(db).inTransaction;

/**
 * A value built on first use and kept for the life of one connection (prepared statements, caches):
 * building a statement on every request costs more than running it.
 */
export function perConnection<Handle extends object, T>(build: (handle: Handle) => T): (handle: Handle) => T {
  const made = new WeakMap<Handle, T>();
  return (handle) => {
    let value = made.get(handle);
    if (value === undefined) {
      value = build(handle);
      made.set(handle, value);
    }
    return value;
  };
}

/** Statements kept per connection, most recently used first; past this the least recent is let go. */
export const KEPT_STATEMENTS = 500;

/**
 * The connection as the app sees it: `prepare` and `query` keep one statement per SQL text (bun's own
 * `query` keeps only the last 20 texts, and Drizzle prepares every query anew), since preparing a
 * write compiles every trigger on its table. Each use runs a statement to its end or resets it first.
 */
function keepingStatements(sqlite: Database): Database {
  const kept = new Map<string, Statement>();
  const keep = (text: string, ...rest: unknown[]) => {
    if (rest.length) return sqlite.prepare(text, ...(rest as []));
    let stmt = kept.get(text);
    if (stmt) kept.delete(text);
    else stmt = sqlite.prepare(text);
    kept.set(text, stmt);
    // not finalized: a prepared query built on it may still hold it, and is collected with it
    if (kept.size > KEPT_STATEMENTS) kept.delete(kept.keys().next().value as string);
    return stmt;
  };
  // what is assigned on the handle (a test's wrapper) wins over the kept methods
  const assigned = new Map<PropertyKey, unknown>();
  return new Proxy(sqlite, {
    get(target, prop) {
      if (assigned.has(prop)) return assigned.get(prop);
      if (prop === "prepare" || prop === "query") return keep;
      const value = Reflect.get(target, prop, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
    set(_, prop, value) {
      assigned.set(prop, value);
      return true;
    },
  });
}

/** Every connection the app opens goes through here so the required pragmas always hold. */
function applyPragmas(sqlite: Database, synchronous: Synchronous = "FULL") {
  // The busy timeout first: even switching to WAL waits for a lock another process may hold.
  sqlite.exec("PRAGMA busy_timeout = 8000");
  sqlite.exec("PRAGMA journal_mode = WAL");
  // FULL, so an acknowledged ticket survives power loss, not only a crash.
  sqlite.exec(`PRAGMA synchronous = ${synchronous}`);
  sqlite.exec("PRAGMA foreign_keys = ON");
  sqlite.exec("PRAGMA temp_store = MEMORY");
}

export function openDatabase(path: string, opts: { synchronous?: Synchronous; readonly?: boolean } = {}) {
  const sqlite = keepingStatements(
    opts.readonly ? new Database(path, { readonly: true }) : new Database(path, { create: true }),
  );
  if (!opts.readonly) applyPragmas(sqlite, opts.synchronous);
  else sqlite.exec("PRAGMA busy_timeout = 8000");
  defineBudget(sqlite);
  const db = drizzle(sqlite, { schema });
  return { sqlite, db };
}
