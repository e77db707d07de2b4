import { afterEach, beforeEach, expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { openDatabase } from "./client";
import { GroupCommit } from "./group-commit";

let dir: string;
let opened: ReturnType<typeof openDatabase>;
let other: Database;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "group-commit-"));
  opened = openDatabase(join(dir, "t.sqlite"));
  opened.sqlite.exec(`
    CREATE TABLE parent (id INTEGER PRIMARY KEY);
    CREATE TABLE item (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE,
      parent INTEGER REFERENCES parent(id) DEFERRABLE INITIALLY DEFERRED);
    INSERT INTO parent VALUES (1);`);
  // A second connection sees only what is committed.
  other = new Database(join(dir, "t.sqlite"), { readonly: true });
});
afterEach(() => {
  other.close();
  opened.sqlite.close();
  rmSync(dir, { recursive: true, force: true });
});

const insert = (name: string, parent = 1) =>
  opened.db.all<{ id: number }>(
    sql`INSERT INTO item (name, parent) VALUES (${name}, ${parent}) RETURNING id`,
  )[0]!.id;
const stored = () =>
  other
    .query<{ name: string }, []>("SELECT name FROM item ORDER BY id")
    .all()
    .map((r) => r.name);
const settle = <T>(ps: Promise<T>[]) => Promise.allSettled(ps);

test("group commit – a lone write commits on the next turn, alone", async () => {
  const gc = new GroupCommit(opened.db, opened.sqlite);
  expect(await gc.run(() => insert("a"))).toBe(1);
  expect(stored()).toEqual(["a"]);
  expect(gc.stats).toEqual({ commits: 1, writes: 1, largest: 1, retried: 0 });
});

test("group commit – writes queued together share one commit; a failing one is undone alone", async () => {
  const gc = new GroupCommit(opened.db, opened.sqlite);
  const names = ["a", "b", "a", "c", "d"]; // the second "a" breaks the unique constraint
  const results = await settle(names.map((n) => gc.run(() => insert(n))));
  expect(results.map((r) => r.status)).toEqual([
    "fulfilled",
    "fulfilled",
    "rejected",
    "fulfilled",
    "fulfilled",
  ]);
  expect(String((results[2] as PromiseRejectedResult).reason)).toContain("UNIQUE");
  expect(stored()).toEqual(["a", "b", "c", "d"]);
  // ids stay consecutive: the undone row took none
  expect(results.flatMap((r) => (r.status === "fulfilled" ? [r.value] : []))).toEqual([1, 2, 3, 4]);
  // the bare run was undone and the batch ran again, a savepoint per write
  expect(gc.stats).toEqual({ commits: 1, writes: 5, largest: 5, retried: 1 });
});

test("group commit – a batch without a failing write commits bare, once; a write that failed runs twice, its effects once", async () => {
  const gc = new GroupCommit(opened.db, opened.sqlite);
  let runs = 0;
  const counted = (n: string) => () => {
    runs++;
    return insert(n);
  };
  const results = await settle(["a", "b", "c"].map((n) => gc.run(counted(n))));
  expect(results.map((r) => r.status)).toEqual(["fulfilled", "fulfilled", "fulfilled"]);
  expect(runs).toBe(3);
  expect(gc.stats).toEqual({ commits: 1, writes: 3, largest: 3, retried: 0 });
  runs = 0;
  const again = await settle(["d", "a", "e"].map((n) => gc.run(counted(n))));
  expect(again.map((r) => r.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
  expect(runs).toBe(5); // d and a before the bare run failed, then all three with savepoints
  expect(stored()).toEqual(["a", "b", "c", "d", "e"]);
});

test("group commit – a batch refused at COMMIT is written again one by one: only the bad write fails", async () => {
  const gc = new GroupCommit(opened.db, opened.sqlite);
  // A deferred foreign key is only checked at COMMIT, after every savepoint was released.
  const results = await settle([
    gc.run(() => insert("a")),
    gc.run(() => insert("b", 99)),
    gc.run(() => insert("c")),
  ]);
  expect(results.map((r) => r.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
  expect(String((results[1] as PromiseRejectedResult).reason)).toContain("FOREIGN KEY");
  expect(stored()).toEqual(["a", "c"]);
});

test("group commit – no write is acknowledged before another connection can read it", async () => {
  const gc = new GroupCommit(opened.db, opened.sqlite, 8);
  const seenAtAck: boolean[] = [];
  await Promise.all(
    Array.from({ length: 50 }, (_, i) =>
      gc.run(() => insert(`n${i}`)).then(() => seenAtAck.push(stored().includes(`n${i}`))),
    ),
  );
  expect(seenAtAck).toHaveLength(50);
  expect(seenAtAck.every(Boolean)).toBe(true);
  // bounded: 50 writes in batches of at most 8
  expect(gc.stats.largest).toBe(8);
  expect(gc.stats.commits).toBe(7);
});

test("group commit – a write that cannot get the lock fails without taking a transaction", async () => {
  const gc = new GroupCommit(opened.db, opened.sqlite);
  const holder = new Database(join(dir, "t.sqlite"));
  holder.exec("PRAGMA busy_timeout = 0");
  opened.sqlite.exec("PRAGMA busy_timeout = 50");
  holder.exec("BEGIN IMMEDIATE");
  const results = await settle([gc.run(() => insert("a")), gc.run(() => insert("b"))]);
  holder.exec("ROLLBACK");
  holder.close();
  expect(results.map((r) => r.status)).toEqual(["rejected", "rejected"]);
  expect(String((results[0] as PromiseRejectedResult).reason)).toMatch(/locked|busy/i);
  expect(await gc.run(() => insert("c"))).toBe(1);
  expect(stored()).toEqual(["c"]);
});

/** A write turn handed out by the test: `grant()` gives the waiting batch its turn. */
function turnByHand() {
  const grants: (() => void)[] = [];
  let released = 0;
  const take = () => new Promise<() => void>((resolve) => grants.push(() => resolve(() => released++)));
  return { take, grant: () => grants.shift()!(), waiting: () => grants.length, released: () => released };
}

test("group commit – with a shared write turn, writes wait for it without blocking and commit together", async () => {
  const turn = turnByHand();
  const gc = new GroupCommit(opened.db, opened.sqlite, 64, turn.take);
  const first = gc.run(() => insert("a"));
  await Bun.sleep(20); // the event loop runs on while the batch waits
  const later = [gc.run(() => insert("b")), gc.run(() => insert("c"))];
  expect(turn.waiting()).toBe(1);
  expect(stored()).toEqual([]);
  turn.grant();
  expect(await Promise.all([first, ...later])).toEqual([1, 2, 3]);
  expect(stored()).toEqual(["a", "b", "c"]);
  expect(gc.stats).toEqual({ commits: 1, writes: 3, largest: 3, retried: 0 });
  expect(turn.released()).toBe(1);
});

test("group commit – a turn that is refused fails the waiting writes; the next ones still commit", async () => {
  let refuse = true;
  const take = () => (refuse ? Promise.reject(new Error("busy")) : Promise.resolve(() => {}));
  const gc = new GroupCommit(opened.db, opened.sqlite, 64, take);
  const results = await settle([gc.run(() => insert("a")), gc.run(() => insert("b"))]);
  expect(results.map((r) => r.status)).toEqual(["rejected", "rejected"]);
  refuse = false;
  expect(await gc.run(() => insert("c"))).toBe(1);
  expect(stored()).toEqual(["c"]);
});

test("group commit – a write with a transaction of its own waits for the same turn and gives it back when it throws", async () => {
  const turn = turnByHand();
  const gc = new GroupCommit(opened.db, opened.sqlite, 64, turn.take);
  const alone = gc.inTurn(() => insert("a"));
  await Bun.sleep(10);
  expect(stored()).toEqual([]);
  turn.grant();
  expect(await alone).toBe(1);
  const failing = gc.inTurn(() => insert("a"));
  turn.grant();
  expect(String(await failing.catch((e) => e))).toContain("UNIQUE");
  expect(turn.released()).toBe(2);
});
