// A filtered search is one query of the word index, its filters held there as facet words: its totals
// must equal a count over the tickets themselves, in every scope, and right after a ticket changes.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { rng } from "../../bench/seed";
import { ReadCache } from "../../db/read-cache";
import { ticketFiltersSchema } from "../shared/schemas/filters";
import { createTestApp, type TestApp } from "../testing/test-app";
import { listTickets } from "./tickets.queries";
import type { ScopeActor } from "./tickets.scope";

const DEPARTMENTS = ["IT", "Human Resources", "Finance"];
const COMPANIES = ["Main Office", "Zürich Büro"];
const STATUSES = ["open", "in_progress", "completed"];
const PRIORITIES = ["low", "high", "urgent"];
const TYPES = ["IT", "Supplies"];
const ASSIGNEES = [null, "7", "8", "9"];
const TICKETS = 720;
const day = 86_400_000;
const first = Date.UTC(2024, 0, 15);

type Row = {
  id: number;
  description: string;
  status: string;
  priority: string;
  department: string;
  ticketType: string;
  companyName: string;
  assignedTo: string | null;
  createdAt: number;
};

let t: TestApp;
let admin: string;
const actors: Record<string, ScopeActor> = {
  admin: { id: 8, role: "admin", canViewAllTickets: true, allowedDepartments: [], allowedCompanies: [] },
  lists: {
    id: 8,
    role: "staff",
    canViewAllTickets: false,
    allowedDepartments: ["IT", "Finance"],
    allowedCompanies: ["Zürich Büro"],
  },
  departments: {
    id: 9,
    role: "staff",
    canViewAllTickets: false,
    allowedDepartments: ["Human Resources"],
    allowedCompanies: [],
  },
  own: { id: 7, role: "staff", canViewAllTickets: false, allowedDepartments: [], allowedCompanies: [] },
};

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.loginAs("admin");
  const insert = t.sqlite.prepare(
    `insert into tickets (ticket_id, first_name, last_name, email, phone, company_name, department, ticket_type, priority, description, status, assigned_to, created_at, updated_at)
     values (?, 'Ada', 'Lovelace', 'ada@example.com', '555-123-4567', ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const random = rng(7);
  t.sqlite.transaction(() => {
    for (let i = 1; i <= TICKETS; i++) {
      const at = first + i * 1.7 * day;
      const pick = <T>(xs: T[]) => xs[Math.floor(random() * xs.length)]!;
      insert.run(
        `WI-2024-${i}`,
        pick(COMPANIES),
        pick(DEPARTMENTS),
        pick(TYPES),
        pick(PRIORITIES),
        `${i % 3 ? "scanner" : "printer"} jammed on floor ${i % 5}`,
        pick(STATUSES),
        pick(ASSIGNEES),
        at,
        at,
      );
    }
  })();
}, 60_000);
afterAll(() => t.close());

const rows = () =>
  t.sqlite
    .query(
      `SELECT id, description, status, priority, department, ticket_type AS ticketType, company_name AS companyName,
         assigned_to AS assignedTo, created_at AS createdAt FROM tickets WHERE description LIKE '%printer%'`,
    )
    .all() as Row[];

/** The brute-force answer: the search's tickets filtered in memory, newest first. */
function reference(actor: ScopeActor, q: Record<string, string>) {
  const f = ticketFiltersSchema.parse(q);
  const who = f.assignedTo === "me" ? String(actor.id) : f.assignedTo;
  const inScope = (r: Row) =>
    actor.role === "admin" ||
    r.assignedTo === String(actor.id) ||
    ((actor.allowedDepartments.length > 0 || actor.allowedCompanies.length > 0) &&
      (!actor.allowedDepartments.length || actor.allowedDepartments.includes(r.department)) &&
      (!actor.allowedCompanies.length || actor.allowedCompanies.includes(r.companyName)));
  return rows()
    .filter(
      (r) =>
        inScope(r) &&
        (!f.status || f.status.includes(r.status)) &&
        (!f.priority || f.priority.includes(r.priority)) &&
        (!f.department || r.department === f.department) &&
        (!f.ticketType || r.ticketType === f.ticketType) &&
        (!f.company || r.companyName === f.company) &&
        (!who || (who === "none" ? r.assignedTo === null : r.assignedTo === who)) &&
        (!f.startDate || r.createdAt >= f.startDate.getTime()) &&
        (!f.endDate || r.createdAt <= f.endDate.getTime()),
    )
    .sort((a, b) => b.createdAt - a.createdAt || b.id - a.id)
    .map((r) => r.id);
}

const iso = (ms: number) => new Date(ms).toISOString();
const FILTERS: Record<string, string>[] = [
  {},
  { status: "open" },
  { status: "open,in_progress", priority: "high,urgent" },
  { department: "Human Resources", ticketType: "Supplies" },
  { status: "open,completed", priority: "low,high,urgent", department: "IT", ticketType: "IT" },
  // more combinations of values than are asked for as one word each
  {
    status: "open,in_progress,waiting,burnt,closed",
    priority: "low,medium,high,urgent",
    department: "Finance",
  },
  { company: "Zürich Büro", priority: "low" },
  { assignedTo: "none" },
  { assignedTo: "me", status: "completed" },
  { assignedTo: "8", department: "IT" },
  // a range inside one month, across a year's end, and longer than the months named one by one
  { startDate: iso(Date.UTC(2024, 5, 3, 10)), endDate: iso(Date.UTC(2024, 5, 20)) },
  { startDate: iso(Date.UTC(2024, 10, 20)), endDate: iso(Date.UTC(2025, 1, 2)), status: "completed" },
  { startDate: iso(Date.UTC(2024, 1, 1)), endDate: iso(Date.UTC(2027, 0, 1)), department: "Finance" },
];

describe("search facets", () => {
  test("premise: each filter keeps some of the search's tickets and drops others", () => {
    for (const q of FILTERS.slice(1)) {
      const n = reference(actors.admin!, { search: "printer", ...q }).length;
      expect([q, n > 0 && n < rows().length]).toEqual([q, true]);
    }
  });

  for (const [name, actor] of Object.entries(actors))
    test(`totals and first pages equal a count of the tickets – ${name}`, () => {
      for (const q of FILTERS) {
        const want = reference(actor, { search: "printer", ...q });
        const page = listTickets(
          { db: t.db, cache: new ReadCache(t.sqlite) },
          actor,
          ticketFiltersSchema.parse({ search: "printer", limit: "20", ...q }),
        );
        expect([q, page.total, page.totalIsExact, page.tickets.map((x) => x.id)]).toEqual([
          q,
          want.length,
          true,
          want.slice(0, 20),
        ]);
      }
    });

  test("each change of status, priority or assignee through the API shows in the next filtered search", async () => {
    const list = async (query: string) =>
      (
        (await (await t.request(`/api/admin/tickets?search=printer&${query}`, { cookie: admin })).json()) as {
          tickets: { id: number }[];
        }
      ).tickets.map((x) => x.id);
    const id = reference(actors.admin!, { search: "printer", status: "open", assignedTo: "none" })[0]!;
    const steps: [Record<string, string>, string, string][] = [
      [{ status: "burnt" }, "status=burnt", "status=open"],
      [{ priority: "urgent" }, "status=burnt&priority=urgent", "priority=low,high"],
      [{ assignedTo: "1" }, "status=burnt&priority=urgent&assignedTo=me", "assignedTo=none"],
    ];
    for (const [change, now, before] of steps) {
      expect([change, (await list(now)).includes(id)]).toEqual([change, false]);
      const res = await t.request(`/api/admin/tickets/${id}`, { method: "PUT", json: change, cookie: admin });
      expect(res.status).toBe(200);
      expect([change, (await list(now)).includes(id), (await list(before)).includes(id)]).toEqual([
        change,
        true,
        false,
      ]);
    }
  });
});
