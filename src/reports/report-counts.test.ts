import { afterAll, beforeAll, expect, test } from "bun:test";
import { companies } from "../../db/schema";
import { ADMIN, createTestApp, type TestApp } from "../testing/test-app";
import { validTicket } from "../tickets/tickets.fixtures";
import { rebuildReportCounts } from "./report-counts.rebuild";

// The counts the triggers keep through the staff verbs must equal a rebuild from a full scan.
const HOUR = 3_600_000;
let t: TestApp;
let clock = Date.parse("2026-04-01T08:10:00Z");
let admin: string;

async function call(path: string, method: string, json: unknown) {
  const res = await t.request(path, { method, json, cookie: admin });
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return res.json() as Promise<{ id: number }>;
}

const TABLES = {
  report_created: "hour, department, ticket_type, priority, company_name, channel, agent, n, burnt",
  report_resolved: "hour, department, ticket_type, priority, company_name, channel, agent, n",
  report_hours: "hour, created, burnt, resolved",
};
const NONZERO: Record<string, string> = {
  report_created: "n != 0 OR burnt != 0",
  report_resolved: "n != 0",
  report_hours: "created != 0 OR burnt != 0 OR resolved != 0",
};
/** Every kept row that counts something, in key order. */
const snapshot = () =>
  Object.fromEntries(
    Object.entries(TABLES).map(([table, cols]) => [
      table,
      t.sqlite.query(`SELECT ${cols} FROM ${table} WHERE ${NONZERO[table]} ORDER BY ${cols}`).all(),
    ]),
  );

beforeAll(async () => {
  t = await createTestApp({ now: () => new Date(clock) });
  admin = await t.loginAs("admin");
  await t.confirmPassword(admin, ADMIN.password);
});
afterAll(() => t.close());

test("report counts – kept through create, edit, assign, complete, reopen, burn and delete, they equal a rebuild", async () => {
  const acme = t.db.insert(companies).values({ name: "Acme" }).returning().get().id;
  const agent = (await t.createUser({ email: "ann@example.com", firstName: "Ann" })).id;
  const ids: number[] = [];
  for (let i = 0; i < 12; i++) {
    clock += (i % 3) * HOUR + 7 * 60_000;
    const body = validTicket({ department: ["IT", "Finance"][i % 2], priority: ["low", "high"][i % 2] });
    ids.push(
      (await call("/api/admin/tickets", "POST", { ...body, channel: "phone", notifyRequester: false })).id,
    );
  }
  const [a, b, c, d, e, f] = ids as [number, number, number, number, number, number];
  clock += 5 * HOUR;
  await call(`/api/admin/tickets/${a}/assign`, "PUT", { assignedTo: agent });
  await call(`/api/admin/tickets/${a}/status`, "PUT", { status: "completed" });
  await call(`/api/admin/tickets/${b}/status`, "PUT", { status: "completed" });
  clock += 2 * HOUR;
  await call(`/api/admin/tickets/${b}/status`, "PUT", { status: "open" });
  await call(`/api/admin/tickets/${c}/status`, "PUT", { status: "burnt" });
  await call(`/api/admin/tickets/${d}`, "PUT", {
    department: "Sales",
    companyId: acme,
    ticketType: "Supplies",
  });
  await call(`/api/admin/tickets/${e}/priority`, "PUT", { priority: "urgent" });
  await call(`/api/admin/tickets/${e}/assign`, "PUT", { assignedTo: agent });
  clock += 30 * HOUR;
  await call(`/api/admin/tickets/${e}/status`, "PUT", { status: "completed" });
  await call(`/api/admin/tickets/${a}/assign`, "PUT", { assignedTo: null });
  await call(`/api/admin/tickets/${f}`, "DELETE", { password: ADMIN.password });
  await call(`/api/admin/tickets/${a}`, "DELETE", { password: ADMIN.password });

  const kept = snapshot();
  expect(kept.report_created!.length).toBeGreaterThan(5);
  expect(kept.report_resolved!.length).toBe(1);
  expect(kept.report_created!.some((r) => (r as { burnt: number }).burnt === 1)).toBe(true);
  rebuildReportCounts(t.sqlite);
  expect(snapshot()).toEqual(kept);
});

test("report counts – volume, busiest and open per agent read from the counts equal the same figures read from the tickets", async () => {
  const all = t.sqlite.query<{ id: number }, []>("SELECT id FROM tickets").all();
  // every ticket tagged: the tag filter keeps them all but is answered from the tickets
  for (const { id } of all) await call(`/api/admin/tickets/${id}`, "PUT", { tags: ["all"] });
  const bob = (await t.createUser({ email: "bob@example.com", firstName: "Bob" })).id;
  const open = t.sqlite.query<{ id: number }, []>("SELECT id FROM tickets WHERE status = 'open'").all();
  for (const { id } of open.slice(0, 3))
    await call(`/api/admin/tickets/${id}/assign`, "PUT", { assignedTo: bob });
  const staff = await t.loginAs("staff", { allowedDepartments: ["Finance"] });
  const range = "from=2026-03-31&to=2026-04-04";
  for (const [cookie, filters] of [
    [admin, ""],
    [admin, "&bucket=week"],
    [admin, "&priority=high&channel=phone"],
    [admin, "&department=Sales&company=Acme"],
    [staff, ""],
  ] as const)
    for (const kind of ["volume", "busiest", "agents"]) {
      const read = async (extra: string) => {
        const res = await t.request(`/api/admin/reports/${kind}?${range}${filters}${extra}`, { cookie });
        expect(res.status).toBe(200);
        return res.json();
      };
      const counted = await read("");
      expect(counted).toEqual(await read("&tags=all"));
      if (kind !== "agents")
        expect(JSON.stringify(counted)).not.toBe(JSON.stringify(await read("&tags=none")));
      else if (!filters) expect(JSON.stringify(counted)).toContain('"openNow":3');
    }
});

test("report counts – tags=a,b keeps the tickets carrying any of them, in every figure", async () => {
  const all = t.sqlite.query<{ id: number }, []>("SELECT id FROM tickets ORDER BY id").all();
  const tagsOf = (i: number) => (i % 3 === 0 ? ["vip"] : i % 3 === 1 ? ["printer", "vip"] : ["desk"]);
  for (const [i, { id }] of all.entries()) await call(`/api/admin/tickets/${id}`, "PUT", { tags: tagsOf(i) });
  const range = "from=2026-03-31&to=2026-04-04";
  const read = async (kind: string, tags: string) =>
    (await t.request(`/api/admin/reports/${kind}?${range}&tags=${tags}`, { cookie: admin })).json();
  const sum = (rows: { created: number }[]) => rows.reduce((n, r) => n + r.created, 0);
  const vip = all.filter((_, i) => tagsOf(i).includes("vip")).length;
  expect(sum(await read("volume", "vip"))).toBe(vip);
  expect(sum(await read("volume", "printer,desk"))).toBe(all.length - Math.ceil(all.length / 3));
  expect(sum(await read("volume", "vip,desk"))).toBe(all.length);
  const busiest = (await read("busiest", "desk")) as { counts: number[][] };
  expect(busiest.counts.flat().reduce((a, b) => a + b, 0)).toBe(all.length - vip);
});

test("report counts – every kind of ticket write, in one statement or several, leaves counts equal to a rebuild", () => {
  const db = t.sqlite;
  const ids = db
    .query<{ id: number }, []>("SELECT id FROM tickets ORDER BY id LIMIT 6")
    .all()
    .map((r) => r.id);
  const [a, b, c, d, e, f] = ids as [number, number, number, number, number, number];
  const at = Date.parse("2026-04-02T09:00:00Z");
  const writes: [string, unknown[]][] = [
    ["UPDATE tickets SET status = 'completed', completed_at = ? WHERE id = ?", [at, a]],
    ["UPDATE tickets SET completed_at = ? WHERE id = ?", [at + 3 * HOUR, a]],
    ["UPDATE tickets SET department = 'Sales', completed_at = ? WHERE id = ?", [at + 5 * HOUR, a]],
    ["UPDATE tickets SET priority = 'urgent', status = 'open', completed_at = NULL WHERE id = ?", [a]],
    ["UPDATE tickets SET status = 'burnt', department = 'Finance' WHERE id = ?", [b]],
    ["UPDATE tickets SET status = 'burnt' WHERE id = ?", [c]],
    ["UPDATE tickets SET status = 'open', created_at = created_at + ? WHERE id = ?", [2 * HOUR, c]],
    ["UPDATE tickets SET status = 'pending', department = department WHERE id = ?", [d]],
    [
      "UPDATE tickets SET company_name = 'Other', completed_at = ?, status = 'completed' WHERE id = ?",
      [at, e],
    ],
    ["UPDATE tickets SET channel = 'email' WHERE id = ?", [e]],
    ["UPDATE tickets SET status = 'burnt' WHERE id = ?", [f]],
  ];
  for (const [statement, args] of writes) db.run(statement, args as never[]);
  const cols = db
    .query<{ name: string }, []>(
      "SELECT name FROM pragma_table_xinfo('tickets') WHERE hidden = 0 AND name NOT IN ('id', 'ticket_id')",
    )
    .all()
    .map((r) => r.name)
    .join(", ");
  db.run(`INSERT INTO tickets (ticket_id, ${cols}) SELECT 'COPY-1', ${cols} FROM tickets WHERE id = ?`, [e]);
  db.run(`INSERT INTO tickets (ticket_id, ${cols}) SELECT 'COPY-2', ${cols} FROM tickets WHERE id = ?`, [f]);
  db.run("DELETE FROM tickets WHERE ticket_id = 'COPY-1'");
  const kept = snapshot();
  expect(kept.report_resolved!.length).toBeGreaterThan(1);
  rebuildReportCounts(db);
  expect(snapshot()).toEqual(kept);
});
