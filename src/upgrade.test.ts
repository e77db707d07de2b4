import { afterAll, expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDatabase } from "../db/client";
import { migrationStatus, migrationsFolder, runMigrations } from "../db/migrate";
import { loadConfig } from "./config";
import {
  MigrationError,
  migrateWithBackup,
  preMigrationDir,
  removeOldPreMigrationBackups,
  upgradeCheck,
} from "./upgrade";

const dirs: string[] = [];
const temp = (tag: string) => {
  const d = mkdtempSync(join(tmpdir(), `helpdesk-${tag}-`));
  dirs.push(d);
  return d;
};
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

type Journal = { entries: { idx: number; tag: string; when: number }[] };
const journal = JSON.parse(readFileSync(join(migrationsFolder, "meta/_journal.json"), "utf8")) as Journal;

/** A migration folder with the first `count` real migrations, plus optional extra SQL as the next one. */
function folderWith(count: number, extraSql?: string) {
  const dir = temp("migs");
  mkdirSync(join(dir, "meta"));
  const entries = journal.entries.slice(0, count);
  for (const e of entries) copyFileSync(join(migrationsFolder, `${e.tag}.sql`), join(dir, `${e.tag}.sql`));
  if (extraSql) {
    const last = journal.entries.at(-1)!;
    entries.push({ ...last, idx: last.idx + 1, tag: "9999_broken", when: last.when + 1000 });
    writeFileSync(join(dir, "9999_broken.sql"), extraSql);
  }
  writeFileSync(join(dir, "meta/_journal.json"), JSON.stringify({ ...journal, entries }));
  return dir;
}

/** Every object's SQL and every table's rows: what "the database is as it was" means. */
function snapshot(path: string) {
  const db = new Database(path, { readonly: true });
  const objects = db.query("select type, name, sql from sqlite_master order by type, name").all();
  const migrations = db.query("select hash, created_at from __drizzle_migrations order by id").all();
  const tickets = db.query("select * from tickets order by id").all();
  db.close();
  return { objects, migrations, tickets };
}

function oldDatabase() {
  const dataDir = temp("data");
  mkdirSync(join(dataDir, "uploads"));
  writeFileSync(join(dataDir, "uploads/kept.txt"), "an attachment");
  const old = openDatabase(join(dataDir, "helpdesk.sqlite"));
  runMigrations(old.db, folderWith(1));
  const t = Date.parse("2024-03-05T10:00:00Z");
  old.sqlite
    .query(
      `insert into tickets (ticket_id, first_name, last_name, email, phone, company_name, department, ticket_type, priority, description, status, created_at, updated_at)
       values ('WI-2024-001', 'Ada', 'Lovelace', 'ada@example.com', '555-123-4567', 'Main Office', 'IT', 'IT', 'high', 'Printer jammed', 'open', ?, ?)`,
    )
    .run(t, t);
  return { dataDir, ...old, config: loadConfig({ DATA_DIR: dataDir, BACKUP_DIR: "" }) };
}

test("upgrade-check – lists the pending migrations and applies none", () => {
  const { sqlite, config } = oldDatabase();
  const before = snapshot(config.dbPath);
  const report = upgradeCheck(config, sqlite);
  for (const e of journal.entries.slice(1)) expect(report).toContain(e.tag);
  expect(report).toContain("Applied migrations: 1 (last 0000_init)");
  expect(migrationStatus(sqlite).pending).toEqual(journal.entries.slice(1).map((e) => e.tag));
  expect(snapshot(config.dbPath)).toEqual(before);
  sqlite.close();
});

test("upgrade – a failing migration leaves the database as it was and says where the backup is", () => {
  const { sqlite, db, config } = oldDatabase();
  const before = snapshot(config.dbPath);
  // every real migration applies, then the broken one fails half-way: all of it must roll back
  const broken = folderWith(
    journal.entries.length,
    "CREATE TABLE half_done (id integer);\n--> statement-breakpoint\nINSERT INTO no_such_table VALUES (1);",
  );
  let message = "";
  try {
    migrateWithBackup({ config, sqlite, db, folder: broken });
  } catch (err) {
    message = (err as Error).message;
  }
  expect(message).toContain("Migration failed, nothing was changed");
  expect(message).toContain("no_such_table");
  const [first] = readdirSync(preMigrationDir(config));
  expect(message).toContain(`restore ${join(preMigrationDir(config), first!)}`);
  // a service manager restarting the failed start keeps one copy, not one per attempt
  try {
    migrateWithBackup({ config, sqlite, db, folder: broken });
  } catch (err) {
    expect(err).toBeInstanceOf(MigrationError);
    message = (err as Error).message;
  }
  const [backup, ...more] = readdirSync(preMigrationDir(config));
  expect(more).toEqual([]);
  const backupPath = join(preMigrationDir(config), backup!);
  expect(message).toContain(`restore ${backupPath}`);
  expect(snapshot(config.dbPath)).toEqual(before);
  expect(existsSync(join(backupPath, "uploads/kept.txt"))).toBe(true);
  sqlite.close();
  expect(snapshot(join(backupPath, "helpdesk.sqlite"))).toEqual(before);
});

test("upgrade – a successful start keeps its own pre-migration backup and drops earlier ones", () => {
  const { sqlite, db, config } = oldDatabase();
  const earlier = join(preMigrationDir(config), "helpdesk-20200101-000000");
  mkdirSync(earlier, { recursive: true });
  const made = migrateWithBackup({ config, sqlite, db });
  expect(made).toBeDefined();
  expect(migrationStatus(sqlite).pending).toEqual([]);
  removeOldPreMigrationBackups(config, made);
  expect(readdirSync(preMigrationDir(config)).map((n) => join(preMigrationDir(config), n))).toEqual([made!]);
  // nothing pending at the next start: no new backup, and the previous one goes
  expect(migrateWithBackup({ config, sqlite, db })).toBeUndefined();
  removeOldPreMigrationBackups(config, undefined);
  expect(readdirSync(preMigrationDir(config))).toEqual([]);
  sqlite.close();
});

test("upgrade – a new database is migrated without a backup", () => {
  const dataDir = temp("fresh");
  const fresh = openDatabase(join(dataDir, "helpdesk.sqlite"));
  const config = loadConfig({ DATA_DIR: dataDir });
  expect(migrateWithBackup({ config, ...fresh })).toBeUndefined();
  expect(existsSync(preMigrationDir(config))).toBe(false);
  fresh.sqlite.close();
});

test("upgrade – when the backup before migrations cannot be written, nothing is migrated", () => {
  const { sqlite, db, dataDir } = oldDatabase();
  writeFileSync(join(dataDir, "not-a-folder"), "");
  const config = loadConfig({ DATA_DIR: dataDir, BACKUP_DIR: join(dataDir, "not-a-folder") });
  const before = snapshot(config.dbPath);
  expect(() => migrateWithBackup({ config, sqlite, db })).toThrow(
    /Not migrating: the backup before migrations failed/,
  );
  expect(snapshot(config.dbPath)).toEqual(before);
  sqlite.close();
});
