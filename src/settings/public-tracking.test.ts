import { afterAll, expect, test } from "bun:test";
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDatabase } from "../../db/client";
import { migrationsFolder, runMigrations } from "../../db/migrate";
import { seedDatabase } from "../../db/seed";
import { storedTrackingMode } from "./public-tracking";

const dirs: string[] = [];
const temp = () => {
  const d = mkdtempSync(join(tmpdir(), "helpdesk-tracking-"));
  dirs.push(d);
  return d;
};
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

type Journal = { entries: { tag: string }[] };
const journal = JSON.parse(readFileSync(join(migrationsFolder, "meta/_journal.json"), "utf8")) as Journal;
const TRACKING = journal.entries.findIndex((e) => e.tag.endsWith("_tracking_links"));

/** The migrations an install had before public tracking had modes. */
function olderFolder() {
  const dir = temp();
  mkdirSync(join(dir, "meta"));
  const entries = journal.entries.slice(0, TRACKING);
  for (const e of entries) copyFileSync(join(migrationsFolder, `${e.tag}.sql`), join(dir, `${e.tag}.sql`));
  writeFileSync(join(dir, "meta/_journal.json"), JSON.stringify({ ...journal, entries }));
  return dir;
}

test("tracking mode – an existing install keeps open tracking after the upgrade", () => {
  expect(TRACKING).toBeGreaterThan(0);
  const { sqlite, db } = openDatabase(join(temp(), "helpdesk.sqlite"));
  runMigrations(db, olderFolder());
  // the columns users had then; today's seed would write columns added since
  sqlite.run(
    "INSERT INTO users (email, password, role, created_at, updated_at) VALUES ('a@example.com', 'x', 'admin', 0, 0)",
  );
  runMigrations(db);
  expect(storedTrackingMode(db)).toBe("open");
  sqlite.close();
});

test("tracking mode – a new install starts verified", () => {
  const { sqlite, db } = openDatabase(join(temp(), "helpdesk.sqlite"));
  runMigrations(db);
  seedDatabase(db, { companyName: "Main Office", admin: { email: "a@example.com", passwordHash: "x" } });
  expect(storedTrackingMode(db)).toBe("verified");
  sqlite.close();
});
