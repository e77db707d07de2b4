import { afterAll, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { KEPT_STATEMENTS, openDatabase, sqliteOf } from "./client";
import { runMigrations } from "./migrate";
import { ticketDepartments } from "./schema";

const dir = mkdtempSync(join(tmpdir(), "kept-statements-"));
const { db, sqlite } = openDatabase(join(dir, "helpdesk.sqlite"));
runMigrations(db);
const statementOf = (prepared: unknown) => (prepared as { stmt: unknown }).stmt;
afterAll(() => {
  sqlite.close();
  rmSync(dir, { recursive: true, force: true });
});

test("kept statements – a query of the same text runs on the statement prepared the first time", () => {
  expect(sqlite.prepare("SELECT 1 AS one")).toBe(sqlite.query("SELECT 1 AS one"));
  // Drizzle's queries too: the same query twice is one statement
  const query = () => db.select().from(ticketDepartments).where(eq(ticketDepartments.id, 1));
  expect(statementOf(query().prepare())).toBe(statementOf(query().prepare()));
  expect(sqliteOf(db)).toBe(sqlite);
});

test("kept statements – each use binds its own values and reads to the end, in and out of a transaction", () => {
  const byName = (name: string) =>
    db.select().from(ticketDepartments).where(eq(ticketDepartments.name, name)).get();
  db.insert(ticketDepartments).values({ name: "Kept A", position: 90 }).run();
  db.insert(ticketDepartments).values({ name: "Kept B", position: 91 }).run();
  expect([byName("Kept A")?.position, byName("Kept B")?.position]).toEqual([90, 91]);
  try {
    db.transaction((tx) => {
      tx.update(ticketDepartments).set({ position: 92 }).where(eq(ticketDepartments.name, "Kept A")).run();
      expect(byName("Kept A")?.position).toBe(92);
      throw new Error("roll back");
    });
  } catch {}
  expect(byName("Kept A")?.position).toBe(90);
});

test("kept statements – past the bound the least recently used is let go, the recent ones stay", () => {
  const first = sqlite.prepare("SELECT 0 AS n");
  const recent = sqlite.prepare("SELECT -1 AS n");
  for (let i = 1; i < KEPT_STATEMENTS; i++) {
    sqlite.prepare(`SELECT ${i} AS n`);
    if (i % 100 === 0) sqlite.prepare("SELECT -1 AS n");
  }
  expect(sqlite.prepare("SELECT -1 AS n")).toBe(recent);
  expect(sqlite.prepare("SELECT 0 AS n")).not.toBe(first);
});
