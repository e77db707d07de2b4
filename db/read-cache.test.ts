import { expect, test } from "bun:test";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDatabase } from "./client";
import { runMigrations } from "./migrate";
import { ReadCache } from "./read-cache";

function freshDb() {
  const { db, sqlite } = openDatabase(join(mkdtempSync(join(tmpdir(), "cache-")), "t.sqlite"));
  runMigrations(db);
  sqlite.exec("CREATE TABLE things (name TEXT)");
  return { db, sqlite, cache: new ReadCache(sqlite) };
}

const names = (sqlite: ReturnType<typeof freshDb>["sqlite"]) =>
  sqlite
    .query<{ name: string }, []>("SELECT name FROM things ORDER BY name")
    .all()
    .map((r) => r.name);
const KEY = { kind: "counts" } as const;

test("read cache – a read through the plain handle inside a transaction that rolls back is not cached", () => {
  const { db, sqlite, cache } = freshDb();
  expect(cache.get(db, KEY, () => names(sqlite))).toEqual([]);
  expect(() =>
    db.transaction(() => {
      sqlite.exec("INSERT INTO things VALUES ('rolled back')");
      // the plain handle, not the transaction's: the connection is what is inside the transaction
      expect(cache.get(db, KEY, () => names(sqlite))).toEqual(["rolled back"]);
      throw new Error("undo");
    }),
  ).toThrow("undo");
  expect(cache.get(db, KEY, () => names(sqlite))).toEqual([]);
});

test("read cache – an answer holds until this connection or another one writes", () => {
  const { db, sqlite, cache } = freshDb();
  let computed = 0;
  const read = () =>
    cache.get(db, KEY, () => {
      computed++;
      return names(sqlite);
    });
  read();
  read();
  expect(computed).toBe(1);
  sqlite.exec("INSERT INTO things VALUES ('a')");
  expect(read()).toEqual(["a"]);
  const other = openDatabase(sqlite.filename);
  other.sqlite.exec("INSERT INTO things VALUES ('b')");
  expect(read()).toEqual(["a", "b"]);
  expect(computed).toBe(3);
});

test("read cache – keys differ by every field, and another connection's reads are never cached", () => {
  const { db, sqlite, cache } = freshDb();
  let computed = 0;
  const read = (key: Parameters<ReadCache["get"]>[1]) => cache.get(db, key, () => ++computed);
  expect(read({ kind: "counts", scope: 1 })).toBe(1);
  expect(read({ kind: "counts", scope: 2 })).toBe(2);
  expect(read({ kind: "counts", scope: 1, filters: "x" })).toBe(3);
  expect(read({ kind: "page", scope: 1 })).toBe(4);
  expect(read({ kind: "counts", scope: 1 })).toBe(1);
  const other = openDatabase(sqlite.filename);
  expect(cache.get(other.db, { kind: "counts", scope: 1 }, () => "fresh")).toBe("fresh");
});

test("read cache – lists what it holds with each bound, and stays within them", () => {
  const { db, cache } = freshDb();
  for (let i = 0; i < ReadCache.MAX_ANSWERS + 10; i++) cache.get(db, { kind: "counts", scope: i }, () => i);
  cache.lasting("ticket-dtos", 4096, () => new Map());
  const bounds = cache.bounds();
  expect(bounds.map((b) => b.name)).toEqual(["answers", "ticket-dtos"]);
  for (const b of bounds) expect(b.size).toBeLessThanOrEqual(b.max);
});
