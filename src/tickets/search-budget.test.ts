// The per-request query budget on a real seeded database (the bench's seeder): a search that would
// walk too many rows is refused with 422 after little work; normal reads answer as without a budget.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { seedBench, type Seeded } from "../../bench/seed";
import { BENCH_ADMIN } from "../../bench/server";
import { openDatabase } from "../../db/client";
import { ReadCache } from "../../db/read-cache";
import { NotQuick, quickly } from "../../db/query-budget";
import { loadConfig } from "../config";
import { createDeps } from "../deps";
import { createApp } from "../app";
import { listTickets } from "./tickets.queries";
import { ticketFiltersSchema } from "../shared/schemas/filters";
import type { ScopeActor } from "./tickets.scope";

// small beside the unbudgeted scan of the seeded tickets, even on a quiet machine
const BUDGET_MS = 4;
const admin: ScopeActor = {
  id: 1,
  role: "admin",
  canViewAllTickets: true,
  allowedDepartments: [],
  allowedCompanies: [],
};
let dir: string;
let seeded: Seeded;
let opened: ReturnType<typeof openDatabase>;
/** A connection of its own for the reference answers, so neither shares the other's remembered counts. */
let reference: ReturnType<typeof openDatabase>;
let app: ReturnType<typeof createApp>;
let deps: ReturnType<typeof createDeps>;
/** The app's clock, moved by hand: whether other requests came lately is judged by it. */
let clock = Date.now();
let cookie: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "helpdesk-budget-"));
  seeded = await seedBench(dir, 60_000);
  const config = loadConfig({ DATA_DIR: dir, SEARCH_BUDGET_MS: String(BUDGET_MS) });
  opened = openDatabase(config.dbPath);
  reference = openDatabase(config.dbPath, { readonly: true });
  deps = createDeps({ config, ...opened, assetVersion: "test", now: () => new Date(clock) });
  app = createApp(deps);
  const res = await call("/api/login", { email: BENCH_ADMIN.email, password: BENCH_ADMIN.password });
  cookie = (res.headers.get("set-cookie") ?? "").split(";")[0]!;
}, 120_000);
afterAll(() => {
  opened.sqlite.close();
  reference.sqlite.close();
  rmSync(dir, { recursive: true, force: true });
});

const call = (path: string, json?: unknown) =>
  app.request(`http://localhost${path}`, {
    method: json ? "POST" : "GET",
    headers: {
      Host: "localhost",
      Origin: "http://localhost",
      "Content-Type": "application/json",
      Cookie: cookie,
    },
    body: json ? JSON.stringify(json) : undefined,
  });
const cpuMs = () => {
  const { user, system } = process.threadCpuUsage();
  return (user + system) / 1000;
};
/** The CPU time a read takes on this thread, and its result. */
async function timed<T>(read: () => Promise<T> | T): Promise<[T, number]> {
  const start = cpuMs();
  const out = await read();
  return [out, cpuMs() - start];
}
const unbudgetedOn = (on: typeof reference, q: Record<string, string>) =>
  listTickets({ db: on.db, cache: new ReadCache(on.sqlite) }, admin, ticketFiltersSchema.parse(q));
const unbudgeted = (q: Record<string, string>) => unbudgetedOn(reference, q);

// A two-letter term cannot use the trigram index: every ticket's text is scanned, and none matches.
const BROAD = { search: "qz" };

test("search budget – a search past the budget answers 422 'too broad' after a fraction of its cost", async () => {
  for (let i = 0; i < 3; i++) await call("/api/admin/tickets?limit=1"); // warm: the first requests compile code
  const [full, fullMs] = await timed(() => unbudgeted(BROAD));
  console.log(`unbudgeted broad search: ${fullMs.toFixed(1)} ms CPU`);
  expect(full.total).toBe(0);
  expect(fullMs).toBeGreaterThan(BUDGET_MS * 3); // premise: this search costs far more than the budget
  const [res, refusedMs] = await timed(() => call(`/api/admin/tickets?${new URLSearchParams(BROAD)}`));
  expect(res.status).toBe(422);
  expect(await res.json()).toEqual({
    message: "This search is too broad: narrow it with more words, a date range or filters.",
  });
  expect(refusedMs).toBeLessThan(fullMs / 2);
  const breakdown = await call(`/api/admin/tickets/breakdown?${new URLSearchParams(BROAD)}`);
  expect(breakdown.status).toBe(422);
});

test("search budget – normal reads answer exactly what they answer without a budget", async () => {
  const lastDay = { startDate: new Date(Date.now() - 86_400_000).toISOString() };
  const queries: Record<string, string>[] = [
    {},
    { status: "open", department: "IT" },
    { search: seeded.sampleEmail },
    { search: seeded.sampleTicketId },
    { search: "zebra" },
    { status: "open", ...lastDay },
  ];
  for (const q of queries) {
    const res = await call(`/api/admin/tickets?${new URLSearchParams(q)}`);
    expect([JSON.stringify(q), res.status]).toEqual([JSON.stringify(q), 200]);
    expect(await res.json()).toEqual(JSON.parse(JSON.stringify(unbudgeted(q))));
  }
});

test("search budget – after a refused search the connection serves the next read and the export", async () => {
  expect((await call(`/api/admin/tickets?${new URLSearchParams(BROAD)}`)).status).toBe(422);
  expect((await call("/api/admin/tickets?limit=5")).status).toBe(200);
  // the export streams every match: no budget applies to it
  const csv = await call(`/api/admin/tickets/export.csv?${new URLSearchParams(BROAD)}`);
  expect(csv.status).toBe(200);
  expect((await csv.text()).trim().split("\n")).toHaveLength(1); // the header: nothing matches
});

test("quick reads – a read past its allowance stops with NotQuick; the connection then reads in full", () => {
  const broad = () => unbudgetedOn(opened, BROAD);
  expect(() => quickly(opened.sqlite, 0.5, broad)).toThrow(NotQuick);
  expect(quickly(opened.sqlite, 1_000, () => unbudgetedOn(opened, { search: "zebra" })).tickets).toEqual(
    unbudgeted({ search: "zebra" }).tickets,
  );
  expect(broad().total).toBe(0); // no allowance left behind: the scan runs to its end
});

test("quick reads – a read tried at once whose budget runs out first is started over, never refused as too broad", () => {
  const budgeted = () =>
    listTickets(
      { db: opened.db, cache: new ReadCache(opened.sqlite) },
      admin,
      ticketFiltersSchema.parse(BROAD),
      {
        budgetMs: 0.01,
      },
    );
  expect(() => quickly(opened.sqlite, 60_000, budgeted)).toThrow(NotQuick);
  expect(budgeted).toThrow("This search is too broad"); // in the lane, the same budget refuses it
});

test("quick reads – with nothing else asked, a search answered at once needs no place in the lane; one that is not, or one asked while other requests come, waits for it", async () => {
  // a bare search, counted from the search index alone: within the budget even on a loaded machine
  const kept = `/api/admin/tickets?${new URLSearchParams({ search: "zebra" })}`;
  expect((await call(kept)).status).toBe(200); // its page and count are now kept until a write
  const adminId = (
    opened.sqlite.query("SELECT id FROM users WHERE email = ?").get(BENCH_ADMIN.email) as {
      id: number;
    }
  ).id;
  // the admin's two places in the lane taken, as by two searches still running
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  const taken = [deps.reads.lane.run(adminId, () => held), deps.reads.lane.run(adminId, () => held)];
  try {
    clock += 50; // nothing but searches asked for a while
    expect((await call(kept)).status).toBe(200);
    // two-letter terms never asked on this connection: each scans every ticket
    const broad = await call(`/api/admin/tickets?${new URLSearchParams({ search: "xq" })}`);
    expect(broad.status).toBe(429);
    expect(((await broad.json()) as { message: string }).message).toBe(
      "Another search is still running. Please wait for it to finish.",
    );
    const breakdown = await call(`/api/admin/tickets/breakdown?${new URLSearchParams({ search: "jq" })}`);
    expect(breakdown.status).toBe(429);
    // another kind of request came in: the kept search, too, waits in the lane
    expect((await call("/api/admin/tickets/stats")).status).toBe(200);
    expect((await call(kept)).status).toBe(429);
  } finally {
    release();
    await Promise.all(taken);
  }
});
