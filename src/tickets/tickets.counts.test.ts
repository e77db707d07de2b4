import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { createTestApp, type TestApp } from "../testing/test-app";
import { submit } from "./tickets.fixtures";
import { ADMIN } from "../testing/test-app";
import type { TicketDto, TicketStats } from "../shared/dto";

let t: TestApp;
let admin: string;
beforeEach(async () => {
  t = await createTestApp();
  admin = await t.loginAs("admin");
});
afterEach(() => t.close());

const DIMS = "status, ticket_type, priority, department, company_name";
/** The counts tables must always equal a real GROUP BY over tickets (rows that dropped to 0 aside). */
function expectExact() {
  const q = (sql: string) => t.sqlite.query(sql).all();
  expect(q(`SELECT ${DIMS}, n FROM ticket_counts WHERE n > 0 ORDER BY ${DIMS}`)).toEqual(
    q(`SELECT ${DIMS}, count(*) AS n FROM tickets GROUP BY ${DIMS} ORDER BY ${DIMS}`),
  );
  expect(
    q(`SELECT assigned_to, ${DIMS}, n FROM ticket_assignee_counts WHERE n > 0 ORDER BY assigned_to, ${DIMS}`),
  ).toEqual(
    q(
      `SELECT assigned_to, ${DIMS}, count(*) AS n FROM tickets WHERE assigned_to IS NOT NULL GROUP BY assigned_to, ${DIMS} ORDER BY assigned_to, ${DIMS}`,
    ),
  );
}

const put = (path: string, json: unknown) => t.request(path, { method: "PUT", json, cookie: admin });
async function get<T>(path: string, cookie = admin): Promise<T> {
  const res = await t.request(path, { cookie });
  expect(res.status).toBe(200);
  return res.json() as Promise<T>;
}

/** What the dashboard shows, worked out by hand from the listed tickets. */
async function expectDashboardAgreesWithList(cookie: string) {
  const { tickets, total } = await get<{ tickets: TicketDto[]; total: number }>(
    "/api/admin/tickets?limit=1000",
    cookie,
  );
  expect(total).toBe(tickets.length);
  const count = (keep: (x: TicketDto) => boolean) => tickets.filter(keep).length;
  const stats = await get<TicketStats>("/api/admin/tickets/stats", cookie);
  for (const s of stats.byStatus) expect(s.count).toBe(count((x) => x.status === s.name));
  expect(stats).toEqual({
    byStatus: stats.byStatus,
    total,
    open: count((x) => x.status === "open"),
    inProgress: count((x) => x.status === "in_progress"),
    completed: count((x) => x.status === "completed"),
    burnt: count((x) => x.status === "burnt"),
    breached: (await get<{ total: number }>("/api/admin/tickets?due=breached", cookie)).total,
    dueSoon: (await get<{ total: number }>("/api/admin/tickets?due=due_soon", cookie)).total,
  });
  const by = (key: "ticketType" | "priority", keep: (x: TicketDto) => boolean) => {
    const out: Record<string, number> = {};
    for (const x of tickets) if (keep(x)) out[x[key]] = (out[x[key]] ?? 0) + 1;
    return out;
  };
  const breakdown = await get<{ byType: Record<string, number>; byPriority: Record<string, number> }>(
    "/api/admin/tickets/breakdown?department=IT",
    cookie,
  );
  expect(breakdown.byType).toEqual(by("ticketType", (x) => x.status === "open"));
  expect(breakdown.byPriority).toEqual(
    by("priority", (x) => x.department === "IT" && !["completed", "burnt"].includes(x.status)),
  );
  const filtered = await get<{ total: number }>(
    "/api/admin/tickets?limit=1&status=open&company=Branch",
    cookie,
  );
  expect(filtered.total).toBe(count((x) => x.status === "open" && x.companyName === "Branch"));
}

describe("ticket counts", () => {
  test("counts – stay exact through submit, status, priority, assignment, rename and delete", async () => {
    const branch = (await (
      await t.request("/api/admin/config/companies", { json: { name: "Branch" }, cookie: admin })
    ).json()) as { id: number };
    const ids: number[] = [];
    const mix = [
      { department: "IT", ticketType: "IT", priority: "high" },
      { department: "Finance", ticketType: "Licensing", priority: "low", companyId: branch.id },
      { department: "IT", ticketType: "Supplies", priority: "urgent", companyId: branch.id },
      { department: "Sales", ticketType: "Services", priority: "medium" },
    ];
    for (let i = 0; i < 12; i++) ids.push((await submit(t, mix[i % mix.length])).id);
    expectExact();

    const staff = await t.createUser({
      email: "limited@example.com",
      allowedDepartments: ["IT"],
      allowedCompanies: ["Main Office"],
    });
    await put(`/api/admin/tickets/${ids[0]}/status`, { status: "in_progress" });
    await put(`/api/admin/tickets/${ids[1]}/status`, { status: "completed" });
    await put(`/api/admin/tickets/${ids[2]}/priority`, { priority: "low" });
    await put(`/api/admin/tickets/${ids[1]}/assign`, { assignedTo: staff.id }); // outside the lists: counted once, from the assignee table
    await put(`/api/admin/tickets/${ids[0]}/assign`, { assignedTo: staff.id }); // inside the lists: already counted
    await put(`/api/admin/tickets/${ids[3]}/assign`, { assignedTo: staff.id });
    await put(`/api/admin/tickets/${ids[3]}/assign`, { assignedTo: null });
    await put(`/api/admin/tickets/${ids[1]}/status`, { status: "open" });
    expectExact();

    const finance = t.sqlite.query("SELECT id FROM ticket_departments WHERE name = 'Finance'").get() as {
      id: number;
    };
    expect((await put(`/api/admin/config/departments/${finance.id}`, { name: "Accounts" })).status).toBe(200);
    const del = await t.request(`/api/admin/tickets/${ids[5]}`, {
      method: "DELETE",
      json: { password: ADMIN.password },
      cookie: admin,
    });
    expect(del.status).toBe(200);
    expectExact();

    await expectDashboardAgreesWithList(admin);
    await expectDashboardAgreesWithList(await t.login("limited@example.com", "password123"));
  });

  test("counts – a change shows on the very next read, whether this server or another process made it", async () => {
    const stats = () => get<TicketStats>("/api/admin/tickets/stats");
    expect((await stats()).total).toBe(0);
    const { id } = await submit(t);
    expect(await stats()).toMatchObject({ total: 1, open: 1 });
    await put(`/api/admin/tickets/${id}/status`, { status: "burnt" });
    expect(await stats()).toMatchObject({ total: 1, open: 0, burnt: 1 });
    expect(await stats()).toMatchObject({ total: 1, open: 0, burnt: 1 }); // a repeat read is answered alike

    // Another connection (a CLI, a second process) commits: PRAGMA data_version tells this one.
    const other = new Database(t.config.dbPath);
    other.exec("PRAGMA busy_timeout = 5000");
    other
      .query(
        `insert into tickets (ticket_id, first_name, last_name, email, phone, company_name, department, ticket_type, priority, description, status, created_at, updated_at)
       values ('WI-2026-900', 'Ada', 'Lovelace', 'ada@example.com', '555-123-4567', 'Main Office', 'IT', 'IT', 'high', 'Inserted by another process', 'open', ?, ?)`,
      )
      .run(Date.now(), Date.now());
    other.close();
    expect(await stats()).toMatchObject({ total: 2, open: 1, burnt: 1 });
    expectExact();
  });
});
