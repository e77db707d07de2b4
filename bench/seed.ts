/**
 * Seeds a DATA_DIR fast with realistic tickets: direct SQLite inserts in large transactions.
 * Spread over three years, 30 companies (a few big ones), every department, type, status and
 * priority with plausible weights, plus notes and audit rows. Deterministic (seeded PRNG).
 */
import type { Database } from "bun:sqlite";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { openDatabase } from "../db/client";
import { runMigrations } from "../db/migrate";
import { seedDatabase } from "../db/seed";
import { DEFAULT_DEPARTMENTS, DEFAULT_TYPES } from "../src/shared/constants";
import { BENCH_ADMIN, BENCH_STAFF } from "./server";
import { PasswordHasher } from "../src/auth/passwords";
import { clockFields } from "../src/service-levels/sla-settings";
import { DEFAULT_TARGETS, defaultCalendar } from "../src/service-levels/targets";

export const FIRST = [
  "Ada",
  "Ben",
  "Carla",
  "Dev",
  "Elena",
  "Farid",
  "Grace",
  "Hiro",
  "Ines",
  "Jonas",
  "Kira",
  "Liam",
  "Mona",
  "Nils",
  "Olga",
  "Pedro",
  "Quinn",
  "Rosa",
  "Sami",
  "Tara",
];
export const LAST = [
  "Lovelace",
  "Okafor",
  "Schmidt",
  "Patel",
  "Garcia",
  "Nguyen",
  "Rossi",
  "Kowalski",
  "Haddad",
  "Larsen",
  "Moreau",
  "Silva",
  "Tanaka",
  "Weber",
  "Yilmaz",
];
export const TOPICS = [
  "printer on floor two is jammed",
  "VPN drops every few minutes",
  "license renewal for the design suite",
  "new laptop for a starter",
  "toner and paper for the copier",
  "password reset for the accounting tool",
  "projector in the meeting room flickers",
  "shared drive is full",
  "Outlook keeps asking for the password",
  "monitor arm and keyboard order",
  "software install request",
  "Wi-Fi weak in the east wing",
];
const WEIGHTS = { dept: [30, 10, 14, 16, 14, 9, 7], type: [50, 15, 20, 15], priority: [30, 45, 18, 7] };
const TYPES = DEFAULT_TYPES.map((t) => t.name);
const PRIORITIES = ["low", "medium", "high", "urgent"];

export function rng(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The scoped staff member the bench signs in as: two departments of the biggest company, plus assignments. */
async function scopeBenchStaff(sqlite: Database) {
  sqlite
    .prepare(
      "update users set password = ?, allowed_departments = ?, allowed_companies = ?, can_view_all_tickets = 0 where email = ?",
    )
    .run(
      await new PasswordHasher(1).hash(BENCH_STAFF.password),
      JSON.stringify(["IT", "Finance"]),
      JSON.stringify(["Main Office"]),
      BENCH_STAFF.email,
    );
}

export type Seeded = {
  dataDir: string;
  tickets: number;
  sampleEmail: string;
  sampleTicketId: string;
  seconds: number;
};

export async function seedBench(dataDir: string, count: number, now = new Date()): Promise<Seeded> {
  const started = performance.now();
  mkdirSync(join(dataDir, "uploads"), { recursive: true });
  const { sqlite, db } = openDatabase(join(dataDir, "helpdesk.sqlite"), { synchronous: "NORMAL" });
  runMigrations(db);
  seedDatabase(db, {
    companyName: "Main Office",
    admin: { email: BENCH_ADMIN.email, passwordHash: await new PasswordHasher(1).hash(BENCH_ADMIN.password) },
  });
  sqlite.exec("PRAGMA synchronous = OFF; PRAGMA cache_size = -200000");
  const r = rng(42);
  const pick = <T>(items: readonly T[], weights?: number[]) => {
    if (!weights) return items[Math.floor(r() * items.length)]!;
    let x = r() * weights.reduce((a, b) => a + b, 0);
    for (let i = 0; i < items.length; i++) {
      x -= weights[i]!;
      if (x < 0) return items[i]!;
    }
    return items[items.length - 1]!;
  };
  const t0 = now.getTime();
  const companies = [
    "Main Office",
    ...Array.from(
      { length: 29 },
      (_, i) => `Client ${String.fromCharCode(65 + (i % 26))}${i >= 26 ? i : ""} Ltd`,
    ),
  ];
  const companyWeights = companies.map((_, i) => 1 / (i + 1)); // a few big customers, a long tail
  const addCompany = sqlite.prepare(
    "insert or ignore into companies (name, position, created_at, updated_at) values (?, ?, ?, ?)",
  );
  companies.forEach((c, i) => {
    addCompany.run(c, i + 1, t0, t0);
  });
  const companyId = new Map(
    (sqlite.query("select id, name from companies").all() as { id: number; name: string }[]).map((c) => [
      c.name,
      c.id,
    ]),
  );
  const addUser = sqlite.prepare(
    "insert or ignore into users (email, password, first_name, last_name, role, status, allowed_departments, allowed_companies, can_view_all_tickets, created_at, updated_at) values (?, 'x', ?, ?, 'staff', 'active', '[]', '[]', 1, ?, ?)",
  );
  for (let i = 0; i < 10; i++) addUser.run(`staff${i}@example.com`, FIRST[i]!, LAST[i]!, t0, t0);
  await scopeBenchStaff(sqlite);
  const staff = (sqlite.query("select id from users where role = 'staff'").all() as { id: number }[]).map(
    (u) => String(u.id),
  );

  const insTicket = sqlite.prepare(
    `insert into tickets (ticket_id, first_name, last_name, email, phone, company_id, company_name, location, department, ticket_type, priority, description, status, assigned_to, created_at, updated_at, processed_at, completed_at,
       first_response_due_at, first_response_soon_at, first_responded_at, resolution_due_at, resolution_soon_at)
     values (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?18, ?19, ?20, ?21, ?22, ?23)`,
  );
  // Service-level clocks on the tickets still running (the ones the breached / due-soon reads and the
  // sort by due walk): the default week and targets; closed tickets keep none, as if opened before them.
  const levels = { calendar: defaultCalendar("UTC"), targets: DEFAULT_TARGETS };
  const clocksOf = (status: string, priority: string, created: number, processed: number | null) => {
    if (status !== "open" && status !== "in_progress") return [null, null, null, null, null];
    const c = clockFields(levels, priority, new Date(created));
    const ms = (d: Date | null) => d?.getTime() ?? null;
    return [
      ms(c.firstResponseDueAt),
      ms(c.firstResponseSoonAt),
      processed,
      ms(c.resolutionDueAt),
      ms(c.resolutionSoonAt),
    ];
  };
  const insNote = sqlite.prepare(
    "insert into ticket_notes (ticket_id, user_id, user_email, user_name, note, is_internal, created_at) values (?, ?, ?, ?, ?, ?, ?)",
  );
  const insAudit = sqlite.prepare(
    "insert into audit_logs (user_id, action, entity_type, entity_id, old_value, new_value, created_at) values (?, ?, 'ticket', ?, ?, ?, ?)",
  );
  const span = 3 * 365 * 86_400_000;
  const counters = new Map<number, number>();
  let sampleEmail = "";
  let sampleTicketId = "";
  const BATCH = 50_000;
  for (let start = 0; start < count; start += BATCH) {
    sqlite.transaction(() => {
      for (let i = start; i < Math.min(count, start + BATCH); i++) {
        const created = t0 - span + Math.floor(((i + r()) / count) * span);
        const year = new Date(created).getFullYear();
        const seq = (counters.get(year) ?? 0) + 1;
        counters.set(year, seq);
        const ticketId = `WI-${year}-${String(seq).padStart(3, "0")}`;
        const [first, last] = [pick(FIRST), pick(LAST)];
        const company = pick(companies, companyWeights);
        const email =
          `${first}.${last}${i % 997}@${company.split(" ")[1]!.toLowerCase()}.example.com`.toLowerCase();
        const recent = t0 - created < 30 * 86_400_000;
        const status = recent
          ? pick(["open", "in_progress", "completed", "burnt"], [40, 30, 25, 5])
          : pick(["open", "in_progress", "completed", "burnt"], [3, 4, 85, 8]);
        const processed = status === "open" ? null : created + Math.floor(r() * 48 * 3_600_000);
        const completed = status === "completed" ? processed! + Math.floor(r() * 5 * 86_400_000) : null;
        const assigned = status === "open" && r() < 0.6 ? null : pick(staff);
        const phone = `555-${String(100 + (i % 900)).padStart(3, "0")}-${String(i % 10_000).padStart(4, "0")}`;
        const description = `${pick(TOPICS)}. Reported by ${first} at ${company}, ticket ${i}. Please help as soon as possible.`;
        const updated = completed ?? processed ?? created;
        // drawn in the order the columns used to be, so a seed gives the same tickets as before
        const department = pick(DEFAULT_DEPARTMENTS, WEIGHTS.dept);
        const ticketType = pick(TYPES, WEIGHTS.type);
        const priority = pick(PRIORITIES, WEIGHTS.priority);
        const { lastInsertRowid } = insTicket.run(
          ticketId,
          first,
          last,
          email,
          phone,
          companyId.get(company) ?? null,
          company,
          `Floor ${1 + (i % 5)}`,
          department,
          ticketType,
          priority,
          description,
          status,
          assigned,
          created,
          updated,
          processed,
          completed,
          ...clocksOf(status, priority, created, processed),
        );
        const id = Number(lastInsertRowid);
        insAudit.run(null, "ticket_created", ticketId, null, JSON.stringify({ status: "open" }), created);
        if (status !== "open")
          insAudit.run(
            Number(assigned ?? staff[0]),
            "status_changed",
            ticketId,
            JSON.stringify({ status: "open" }),
            JSON.stringify({ status }),
            processed,
          );
        const notes = Math.floor(r() * 2.5);
        for (let k = 0; k < notes; k++) {
          const internal = r() < 0.3;
          insNote.run(
            id,
            internal ? Number(assigned ?? staff[0]) : null,
            internal ? "staff0@example.com" : email,
            internal ? "Staff" : `${first} ${last}`,
            `Update ${k + 1}: ${pick(TOPICS)}`,
            internal ? 1 : 0,
            created + (k + 1) * 3_600_000,
          );
        }
        if (i === Math.floor(count / 2)) [sampleEmail, sampleTicketId] = [email, ticketId];
      }
    })();
  }
  const setCounter = sqlite.prepare(
    "insert into ticket_counters (year, last) values (?, ?) on conflict(year) do update set last = excluded.last",
  );
  for (const [year, last] of counters) setCounter.run(year, last);
  // no ANALYZE: the server must do with the plans a live database has
  sqlite.exec("PRAGMA wal_checkpoint(TRUNCATE)");
  sqlite.close();
  return {
    dataDir,
    tickets: count,
    sampleEmail,
    sampleTicketId,
    seconds: (performance.now() - started) / 1000,
  };
}

/** The sample search targets of an already seeded DATA_DIR (bench --reuse). */
export async function sampleOf(dataDir: string): Promise<Seeded> {
  const { sqlite } = openDatabase(join(dataDir, "helpdesk.sqlite"));
  await scopeBenchStaff(sqlite);
  const { n } = sqlite.query("select count(*) n from tickets").get() as { n: number };
  const row = sqlite
    .query("select email, ticket_id from tickets where id = ?")
    .get(Math.floor(n / 2) + 1) as { email: string; ticket_id: string };
  sqlite.close();
  return { dataDir, tickets: n, sampleEmail: row.email, sampleTicketId: row.ticket_id, seconds: 0 };
}

/** One public submission the benches send as is (a Licensing request, no custom field values). */
export const CALLER_TICKET = {
  firstName: "Bench",
  lastName: "Caller",
  email: "bench.caller@example.com",
  phone: "555-123-4567",
  companyId: 1,
  companyName: "Main Office",
  department: "IT",
  ticketType: "Licensing",
  priority: "medium",
  description: "We need more licences for the new starters next month.",
};
