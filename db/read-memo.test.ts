import { expect, test } from "bun:test";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDatabase } from "./client";
import { runMigrations } from "./migrate";
import { memoUntilChange } from "./read-memo";

function freshDb() {
  const { db, sqlite } = openDatabase(join(mkdtempSync(join(tmpdir(), "memo-")), "t.sqlite"));
  runMigrations(db);
  sqlite.exec("CREATE TABLE things (name TEXT)");
  return { db, sqlite };
}

const names = (sqlite: ReturnType<typeof freshDb>["sqlite"]) =>
  sqlite
    .query<{ name: string }, []>("SELECT name FROM things ORDER BY name")
    .all()
    .map((r) => r.name);

test("read memo – a read through the plain handle inside a transaction that rolls back is not kept", () => {
  const { db, sqlite } = freshDb();
  expect(memoUntilChange(db, "things", () => names(sqlite))).toEqual([]);
  expect(() =>
    db.transaction(() => {
      sqlite.exec("INSERT INTO things VALUES ('rolled back')");
      // the plain handle, not the transaction's: the connection is what is inside the transaction
      expect(memoUntilChange(db, "things", () => names(sqlite))).toEqual(["rolled back"]);
      throw new Error("undo");
    }),
  ).toThrow("undo");
  expect(memoUntilChange(db, "things", () => names(sqlite))).toEqual([]);
});

test("read memo – an answer is kept until this connection or another one writes", () => {
  const { db, sqlite } = freshDb();
  let computed = 0;
  const read = () => memoUntilChange(db, "things", () => (computed++, names(sqlite)));
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
