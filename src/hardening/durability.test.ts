// Unique ids under load, several writer processes, the required pragmas on every connection.
import { afterAll, describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { Glob } from "bun";
import { openDatabase } from "../../db/client";
import { client, launch, openDb, ROOT, type Server } from "./harness";
import { LOAD_ENV, load } from "./load";

const SLOW = !!process.env.SLOW;
const ID = /^WI-\d{4}-\d{3,}$/;
const started: Server[] = [];
afterAll(async () => {
  for (const s of started) await s.stop();
}, 30_000);

describe("concurrent submissions", () => {
  test("concurrent submissions all get unique, well-formed ids", async () => {
    const srv = await launch({ env: LOAD_ENV });
    started.push(srv);
    const total = SLOW ? 5000 : 1000;
    const t0 = Date.now();
    const { acked, statuses } = await load(srv.url, { max: total, concurrency: 64 });
    const ms = Date.now() - t0;
    console.log(
      `concurrent submissions: ${total} submissions at 64 concurrency in ${ms} ms → ${JSON.stringify(statuses)}, ${new Set(acked).size} unique ids`,
    );
    expect(statuses[201]).toBe(total);
    expect(new Set(acked).size).toBe(total);
    expect(acked.every((id) => ID.test(id))).toBe(true);
    const db = openDb(srv.dataDir);
    expect(db.query("SELECT count(*) AS n, count(DISTINCT ticket_id) AS d FROM tickets").get()).toEqual({
      n: total,
      d: total,
    });
    db.close();
  }, 90_000);

  test("past 999 tickets in a year the id widens to four digits and stays searchable", async () => {
    const srv = await launch({ env: { ...LOAD_ENV, RATE_LIMIT_PUBLIC_SEARCH: "100000" } });
    started.push(srv);
    const year = new Date().getFullYear();
    const db = openDb(srv.dataDir);
    db.query("INSERT OR REPLACE INTO ticket_counters (year, last) VALUES (?, 995)").run(year);
    db.close();
    const { acked } = await load(srv.url, { max: 10, concurrency: 10 });
    expect(acked.sort()).toContain(`WI-${year}-1000`);
    expect(acked.every((id) => ID.test(id))).toBe(true);
    const res = await client(srv.url).req("/api/tickets/search", {
      json: { type: "ticketId", query: `WI-${year}-1005` },
    });
    expect(
      ((await res.json()) as { tickets: { ticketId: string }[] }).tickets.map((t) => t.ticketId),
    ).toEqual([`WI-${year}-1005`]);
  }, 30_000);
});

describe("several writer processes", () => {
  test("four writer processes with read-then-write transactions beside the server: no busy error reaches anyone", async () => {
    const srv = await launch({ env: LOAD_ENV });
    started.push(srv);
    const each = SLOW ? 3000 : 500;
    const writers = [0, 1, 2, 3].map(() =>
      Bun.spawn(
        [join(ROOT, "node_modules/.bin/bun"), "src/hardening/writer.worker.ts", srv.dbPath, String(each)],
        { cwd: ROOT, stdout: "pipe", stderr: "inherit" },
      ),
    );
    let done = false;
    const served = load(srv.url, { max: 20_000, concurrency: 16, until: () => done });
    const results = await Promise.all(
      writers.map(async (w) => JSON.parse(await new Response(w.stdout).text()) as { failed: number }),
    );
    done = true;
    const { statuses } = await served;
    const db = openDb(srv.dataDir);
    const rows = db.query("SELECT count(*) AS n, max(n) AS top FROM hardening_scratch").get();
    db.close();
    console.log(
      `several writers: 4 × ${each} writer transactions, failures ${JSON.stringify(results.map((r) => r.failed))}; server meanwhile ${JSON.stringify(statuses)}`,
    );
    expect(results.every((r) => r.failed === 0)).toBe(true);
    expect(rows).toEqual({ n: 4 * each, top: 4 * each });
    expect(Object.keys(statuses)).toEqual(["201"]);
  }, 90_000);
});

describe("durability settings", () => {
  test("the app's connection runs WAL, synchronous FULL, a busy timeout of at least 5 s and foreign keys on", async () => {
    const srv = await launch();
    started.push(srv);
    const db = openDb(srv.dataDir);
    expect(db.query("PRAGMA journal_mode").get()).toEqual({ journal_mode: "wal" }); // persistent: set by the server
    db.close();
    const { sqlite } = openDatabase(join(srv.dataDir, "helpdesk.sqlite"));
    const read = (p: string) => Object.values(sqlite.query(`PRAGMA ${p}`).get() as object)[0];
    expect(read("journal_mode")).toBe("wal");
    expect(read("synchronous")).toBe(2); // FULL
    expect(Number(read("busy_timeout"))).toBeGreaterThanOrEqual(5000);
    expect(read("foreign_keys")).toBe(1);
    sqlite.close();
  });

  test("every SQLite connection in the code goes through openDatabase or sets its own busy timeout", () => {
    const offenders: string[] = [];
    for (const file of new Glob("{src,db,routes,bench}/**/*.ts").scanSync(ROOT)) {
      if (/\.test\.ts$|\.e2e\.ts$|^src\/hardening\/|^db\/client\.ts$/.test(file)) continue;
      const text = readFileSync(join(ROOT, file), "utf8");
      // A read-only open of a finished snapshot (backup verification) takes no locks worth waiting for.
      const opens = text.match(/new Database\((?![^)]*readonly: true)/g)?.length ?? 0;
      const guarded = text.match(/busy_timeout/g)?.length ?? 0;
      if (opens > guarded) offenders.push(file);
    }
    expect(offenders).toEqual([]);
  });
});
