/**
 * `bun bench/queries.ts DATA_DIR`: one request's worth of each dashboard query, timed in-process
 * on a seeded database (median of 7). The load bench shows throughput; this shows where it goes.
 */
import { openDatabase } from "../db/client";
import { ReadCache } from "../db/read-cache";
import { users } from "../db/schema";
import { eq } from "drizzle-orm";
import { listTickets, ticketBreakdown, ticketStats, todayActivity } from "../src/tickets/tickets.queries";
import { ticketFiltersSchema } from "../src/shared/schemas/filters";
import { BENCH_STAFF } from "./server";
import type { ScopeActor } from "../src/tickets/tickets.scope";

const dir = process.argv[2];
if (!dir) throw new Error("usage: bun bench/queries.ts DATA_DIR");
const { db, sqlite } = openDatabase(`${dir}/helpdesk.sqlite`, { readonly: true });
const row = db.select().from(users).where(eq(users.email, BENCH_STAFF.email)).get()!;
const staff: ScopeActor = {
  id: row.id,
  role: "staff",
  canViewAllTickets: false,
  allowedDepartments: row.allowedDepartments,
  allowedCompanies: row.allowedCompanies,
};
// a new cache per call: each is timed as the first after a write
const fresh = () => ({ db, cache: new ReadCache(sqlite) });
const admin: ScopeActor = {
  id: 1,
  role: "admin",
  canViewAllTickets: false,
  allowedDepartments: [],
  allowedCompanies: [],
};
const f = (q: Record<string, string> = {}) => ticketFiltersSchema.parse(q);
const monthStart = new Date(new Date().getFullYear(), new Date().getMonth(), 1).toISOString();

const cases: [string, () => unknown][] = [
  ["admin list, limit 100", () => listTickets(fresh(), admin, f())],
  ["admin list, status=open", () => listTickets(fresh(), admin, f({ status: "open" }))],
  [
    "admin list, filters+search+this month",
    () =>
      listTickets(
        fresh(),
        admin,
        f({
          status: "open",
          department: "IT",
          priority: "high",
          search: "printer",
          startDate: monthStart,
          endDate: new Date().toISOString(),
        }),
      ),
  ],
  ["admin search only (printer)", () => listTickets(fresh(), admin, f({ search: "printer" }))],
  ["admin search, rare word", () => listTickets(fresh(), admin, f({ search: "zebra" }))],
  ["staff list", () => listTickets(fresh(), staff, f())],
  ["stats", () => ticketStats(fresh(), admin, new Date())],
  ["stats, staff", () => ticketStats(fresh(), staff, new Date())],
  ["breakdown", () => ticketBreakdown(fresh(), admin, f())],
  ["breakdown, staff", () => ticketBreakdown(fresh(), staff, f())],
  [
    "type breakdown list (open, 1000)",
    () => listTickets(fresh(), admin, f({ status: "open", limit: "1000" })),
  ],
  ["today", () => todayActivity(fresh(), admin, new Date())],
];
console.log(`staff scope: ${JSON.stringify(staff)}`);
for (const [name, run] of cases) {
  const ms: number[] = [];
  for (let i = 0; i < 7; i++) {
    const t0 = performance.now();
    run();
    ms.push(performance.now() - t0);
  }
  ms.sort((a, b) => a - b);
  console.log(`${name.padEnd(42)} ${ms[3]!.toFixed(1).padStart(8)} ms`);
}
sqlite.close();
