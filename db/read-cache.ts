import type { Database } from "bun:sqlite";
import { inTransaction, sqliteOf, type DbOrTx } from "./client";

/** What a cached answer is of; with the rest of its key, everything the answer depends on but the data. */
type ReadKind =
  | "session"
  | "api-token"
  | "public-config"
  | "counts"
  | "report"
  | "bounded-count"
  | "search-matches"
  | "max-id"
  | "segments"
  | "today"
  | "page"
  | "page-ids"
  | "due-window"
  | "search-walks"
  | "field-plan"
  | "tag-sample";

/**
 * A cache key, built from one object: which read, and its inputs by role. Two keys are equal when
 * their text is, and the text is made here alone, always in the same field order.
 */
export type ReadKey = {
  kind: ReadKind;
  scope?: unknown;
  filters?: unknown;
  order?: unknown;
  page?: unknown;
  asOf?: unknown;
};
const keyText = (k: ReadKey) =>
  JSON.stringify([
    k.kind,
    k.scope ?? null,
    k.filters ?? null,
    k.order ?? null,
    k.page ?? null,
    k.asOf ?? null,
  ]);

type Bounded = { size: number };
export type CacheBound = { name: string; size: number; max: number };

/**
 * The one cache of reads, per app on its own connection, valid until any write (total_changes() for ours,
 * PRAGMA data_version for other processes'). Unused inside a transaction or on another connection: such a
 * read may be rolled back. Answers are shared between requests: callers copy before changing them.
 */
export class ReadCache {
  readonly #sqlite: Database;
  readonly #mark: () => string;
  #version = "";
  readonly #answers = new Map<string, unknown>();
  readonly #stores: { name: string; store: Bounded; max: number }[] = [];
  static readonly MAX_ANSWERS = 256;

  constructor(sqlite: Database) {
    this.#sqlite = sqlite;
    const own = sqlite.prepare<{ c: number }, []>("SELECT total_changes() AS c");
    const others = sqlite.prepare<{ data_version: number }, []>("PRAGMA data_version");
    this.#mark = () => `${others.get()!.data_version}:${own.get()!.c}`;
  }

  /** Where the database stands: the same text until anything is written; null where nothing is cached. */
  mark(db: DbOrTx): string | null {
    if (sqliteOf(db) !== this.#sqlite || inTransaction(db)) return null;
    const now = this.#mark();
    if (now !== this.#version) {
      this.#answers.clear();
      this.#version = now;
    }
    return now;
  }

  /**
   * The answer of `compute` for `key`, computed once until the database changes. `keep` leaves out
   * answers not worth a slot; `fresh` sends a cached answer that has aged with the clock back to `compute`.
   */
  get<T>(
    db: DbOrTx,
    key: ReadKey,
    compute: () => T,
    opts: { keep?: (value: T) => boolean; fresh?: (value: T) => boolean } = {},
  ): T {
    if (this.mark(db) === null) return compute();
    const text = keyText(key);
    if (this.#answers.has(text)) {
      const hit = this.#answers.get(text) as T;
      if (!opts.fresh || opts.fresh(hit)) return hit;
    }
    const value = compute();
    if (opts.keep && !opts.keep(value)) return value;
    if (this.#answers.size >= ReadCache.MAX_ANSWERS) this.#answers.clear();
    this.#answers.set(text, value);
    return value;
  }

  /** A store kept across writes, whose owner checks each entry against the data (see ticket-rows). */
  lasting<S extends Bounded>(name: string, max: number, make: () => S): S {
    const found = this.#stores.find((s) => s.name === name);
    if (found) return found.store as S;
    const store = make();
    this.#stores.push({ name, store, max });
    return store;
  }

  /**
   * Counts rows converted from SQLite by bulk reads; true once every `every` rows, when the caller runs a
   * full collection: paging or exporting makes garbage faster than the collector runs on its own.
   */
  converted(rows: number, every: number): boolean {
    this.#converted += rows;
    if (this.#converted < every) return false;
    this.#converted = 0;
    return true;
  }
  #converted = 0;

  /** Every store this cache holds, with its size and bound. */
  bounds(): CacheBound[] {
    return [
      { name: "answers", size: this.#answers.size, max: ReadCache.MAX_ANSWERS },
      ...this.#stores.map((s) => ({ name: s.name, size: s.store.size, max: s.max })),
    ];
  }
}

/** A read and the cache it may use: the app's database (or a transaction on it) and the app's cache. */
export type ReadCtx = { db: DbOrTx; cache: ReadCache };
