// The access matrix over the app's own route table, against the real server.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createApp } from "../app";
import type { Deps } from "../deps";
import { ADMIN, addUser, client, launch, openDb, ticketInput, type Server } from "./harness";
import { MATRIX, ROLES, passes, routeKeys, type Role } from "./matrix";

const routes = routeKeys(createApp({} as Deps).routes);
let srv: Server;
let cookies: Record<Role, string | null>;
let ids: { ticketA: number; ticketB: number; victim: number; victim2: number; dept: number };

beforeAll(async () => {
  srv = await launch({
    env: {
      RATE_LIMIT_PUBLIC_WRITES: "100000",
      RATE_LIMIT_PUBLIC_SEARCH: "100000",
      RATE_LIMIT_PUBLIC_READS: "100000",
    },
  });
  const db = openDb(srv.dataDir);
  db.exec("INSERT INTO companies (name, position, created_at, updated_at) VALUES ('Other Co', 9, 0, 0)");
  const dept = db
    .query(
      "INSERT INTO ticket_departments (name, position, created_at, updated_at) VALUES ('Doomed', 99, 0, 0) RETURNING id",
    )
    .get() as { id: number };
  db.close();
  const api = client(srv.url);
  const submit = async (over: Record<string, unknown>) =>
    (await (await api.req("/api/tickets", { json: ticketInput(over) })).json()) as { id: number };
  const a = await submit({ department: "IT", companyId: 1 });
  const b = await submit({ department: "Finance", companyId: 2 });
  await addUser(srv.dataDir, {
    email: "limited@example.com",
    departments: ["IT"],
    companies: ["Main Office"],
  });
  await addUser(srv.dataDir, { email: "all@example.com", all: true });
  const suspendedId = await addUser(srv.dataDir, { email: "suspended@example.com" });
  const victim = await addUser(srv.dataDir, { email: "victim@example.com" });
  const victim2 = await addUser(srv.dataDir, { email: "victim2@example.com" });
  cookies = {
    anon: null,
    suspended: await api.login("suspended@example.com"),
    staffLimited: await api.login("limited@example.com"),
    staffAll: await api.login("all@example.com"),
    admin: await api.login(ADMIN.email, ADMIN.password),
  };
  // the matrix proves role guards: each session re-entered its password, as account-security routes need
  for (const role of ["suspended", "staffLimited", "staffAll"] as const) await api.confirm(cookies[role]!);
  await api.confirm(cookies.admin!, ADMIN.password);
  const db2 = openDb(srv.dataDir);
  db2.query("UPDATE users SET status = 'suspended' WHERE id = ?").run(suspendedId);
  db2.close();
  ids = { ticketA: a.id, ticketB: b.id, victim, victim2, dept: dept.id };
}, 60_000);
afterAll(() => srv?.stop(), 15_000);

function concretePath(method: string, path: string): string {
  const id = path.startsWith("/api/admin/users/")
    ? method === "DELETE"
      ? ids.victim2
      : ids.victim
    : path.startsWith("/api/admin/tickets/")
      ? ids.ticketB
      : path.startsWith("/api/tickets/")
        ? ids.ticketA
        : path.startsWith("/api/admin/config/:kind/")
          ? ids.dept
          : 999_999;
  return path.replace(":kind", "departments").replace(":id", String(id));
}

// Scope first: the matrix ends with sign-outs that end these sessions.
describe("staff scope", () => {
  test("limited staff never see another department's tickets, even when filtering for it", async () => {
    const api = client(srv.url);
    for (const q of ["", "?department=Finance", "?company=Other%20Co", "?limit=1000", "?search=printer"]) {
      const res = await api.req(`/api/admin/tickets${q}`, { cookie: cookies.staffLimited });
      expect(res.status).toBe(200);
      const body = (await res.json()) as { tickets: { id: number; department: string }[] };
      expect(body.tickets.map((t) => t.id)).not.toContain(ids.ticketB);
    }
  });

  test("counts and the dashboard lists for limited staff include only their tickets", async () => {
    const api = client(srv.url);
    const get = async (path: string, role: Role) =>
      (await (await api.req(path, { cookie: cookies[role] })).json()) as Record<string, unknown>;
    expect((await get("/api/admin/tickets/stats", "staffLimited")).total).toBe(1);
    expect((await get("/api/admin/tickets/stats", "admin")).total).toBe(2);
    const today = JSON.stringify(await get("/api/admin/tickets/today", "staffLimited"));
    expect(today).not.toContain("Other Co");
    expect(JSON.stringify(await get("/api/admin/tickets/breakdown", "staffLimited"))).not.toContain(
      "Finance",
    );
  });

  test("limited staff changing an out-of-scope ticket get 404 and nothing changes", async () => {
    const db = openDb(srv.dataDir);
    const before = db.query("SELECT * FROM tickets WHERE id = ?").get(ids.ticketB);
    const api = client(srv.url);
    for (const [p, body] of [
      ["status", { status: "completed" }],
      ["priority", { priority: "urgent" }],
      ["assign", { assignedTo: null }],
    ] as const) {
      const res = await api.req(`/api/admin/tickets/${ids.ticketB}/${p}`, {
        method: "PUT",
        json: body,
        cookie: cookies.staffLimited,
      });
      expect(res.status).toBe(404);
    }
    expect(db.query("SELECT * FROM tickets WHERE id = ?").get(ids.ticketB)).toEqual(before);
    db.close();
  });
});

describe("access matrix", () => {
  test("every route in the app's route table has a matrix entry", () => {
    const missing = routes.filter((r) => !MATRIX[r]);
    expect(missing).toEqual([]);
  });

  test("every matrix entry names a route the app still serves", () => {
    expect(Object.keys(MATRIX).filter((key) => !routes.includes(key))).toEqual([]);
  });

  test("every role gets the expected answer on every route, and nothing answers 5xx", async () => {
    const failures: string[] = [];
    let sent = 0;
    const ordered = [...routes].sort((a, b) => Number(!!MATRIX[a]?.last) - Number(!!MATRIX[b]?.last));
    for (const key of ordered) {
      const entry = MATRIX[key];
      if (!entry) continue;
      const [method, path] = key.split(" ") as [string, string];
      for (const role of ROLES) {
        const form = new FormData();
        form.append("ticketId", String(ids.ticketA));
        const init = entry.multipart ? { body: form } : entry.body !== undefined ? { json: entry.body } : {};
        const res = await client(srv.url).req(concretePath(method, path), {
          method,
          cookie: cookies[role],
          ...init,
        });
        sent++;
        if (!passes(entry.expect[role], res.status))
          failures.push(
            `${key} as ${role}: ${res.status} (expected ${entry.expect[role]}) ${(await res.text()).slice(0, 120)}`,
          );
      }
    }
    console.log(`access matrix: ${routes.length} routes × ${ROLES.length} roles, ${sent} requests`);
    expect(failures).toEqual([]);
  }, 120_000);
});
