import { afterAll, beforeAll, expect, test } from "bun:test";
import { companies } from "../../db/schema";
import { createTestApp, type TestApp } from "../../src/testing/test-app";
import { validTicket } from "../../src/tickets/tickets.fixtures";

// Minutes logged over ten days by three agents on tickets of two departments and companies; each
// figure is checked against a sum over every note, by the day it was written, type and scope.
const DAY = 86_400_000;
const START = Date.parse("2026-04-01T12:00:00Z");
const [FROM, TO] = ["2026-04-03", "2026-04-08"];
let clock = START;
let t: TestApp;
let admin: string;
let limitedId = 0;
const cookies: string[] = [];

async function call(cookie: string, path: string, json: unknown) {
  const res = await t.request(path, { method: "POST", json, cookie });
  if (res.status >= 300) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return res.json() as Promise<{ id: number }>;
}

beforeAll(async () => {
  t = await createTestApp({
    env: { SESSION_TTL_HOURS: "5000", SESSION_MAX_DAYS: "365" },
    now: () => new Date(clock),
  });
  admin = await t.loginAs("admin");
  const acme = t.db.insert(companies).values({ name: "Acme" }).returning().get().id;
  const main = t.db.select().from(companies).all()[0]!.id;
  for (const name of ["Ann", "Bob"]) {
    const email = `${name.toLowerCase()}@example.com`;
    cookies.push(await t.loginAs("staff", { email, firstName: name, canViewAllTickets: true }));
  }
  cookies.push(admin);
  const limited = await t.createUser({ email: "it@example.com", allowedDepartments: ["IT"] });
  limitedId = limited.id;
  const ids: number[] = [];
  for (let i = 0; i < 8; i++) {
    const body = validTicket({
      department: i % 2 ? "IT" : "Finance",
      companyId: i % 3 ? acme : main,
      ticketType: ["IT", "Licensing", "Supplies"][i % 3],
      notifyRequester: false,
    });
    ids.push((await call(admin, "/api/admin/tickets", body)).id);
  }
  // a Finance ticket assigned to the limited staff member is in their scope too
  await t.request(`/api/admin/tickets/${ids[0]}/assign`, {
    method: "PUT",
    json: { assignedTo: limitedId },
    cookie: admin,
  });
  for (let d = 0; d < 10; d++)
    for (let k = 0; k < 6; k++) {
      clock = START + d * DAY + k * 60_000;
      const note = {
        note: "Worked",
        isInternal: k % 2 === 0,
        ...(k === 5 ? {} : { minutesSpent: 5 + d * 7 + k }),
      };
      await call(cookies[(d + k) % 3]!, `/api/admin/tickets/${ids[(d * 5 + k) % 8]}/notes`, note);
    }
  clock = START + 20 * DAY;
});
afterAll(() => t.close());

type Row = { key: string; name: string; minutes: number; entries: number };
type Body = { totalMinutes: number; byAgent: Row[]; byCompany: Row[]; byType: Row[] };

/** Every note with minutes in the range, with its ticket, as the brute force sees them. */
const notes = () =>
  t.sqlite
    .query<
      {
        user: number;
        minutes: number;
        at: number;
        dept: string;
        company: string;
        type: string;
        assigned: string;
      },
      []
    >(
      `SELECT n.user_id AS user, n.minutes_spent AS minutes, n.created_at AS at, t.department AS dept,
              t.company_name AS company, t.ticket_type AS type, t.assigned_to AS assigned
       FROM ticket_notes n, tickets t WHERE t.id = n.ticket_id AND n.minutes_spent IS NOT NULL`,
    )
    .all()
    .filter((n) => {
      const day = new Date(n.at).toISOString().slice(0, 10);
      return day >= FROM && day < TO;
    });

function sums(list: ReturnType<typeof notes>, keyOf: (n: ReturnType<typeof notes>[number]) => string) {
  const m = new Map<string, { minutes: number; entries: number }>();
  for (const n of list) {
    const s = m.get(keyOf(n)) ?? { minutes: 0, entries: 0 };
    m.set(keyOf(n), { minutes: s.minutes + n.minutes, entries: s.entries + 1 });
  }
  return m;
}
const asMap = (rows: Row[]) => new Map(rows.map((r) => [r.key, { minutes: r.minutes, entries: r.entries }]));
const get = async (cookie: string, extra = "") => {
  const res = await t.request(`/api/admin/reports/time-spent?from=${FROM}&to=${TO}${extra}`, { cookie });
  expect(res.status).toBe(200);
  return (await res.json()) as Body;
};

test("time spent – minutes by agent, company and type over the range equal a sum over every note", async () => {
  const list = notes();
  const body = await get(admin);
  expect(list.length).toBeGreaterThan(10);
  expect(body.totalMinutes).toBe(list.reduce((n, x) => n + x.minutes, 0));
  expect(asMap(body.byAgent)).toEqual(sums(list, (n) => String(n.user)));
  expect(asMap(body.byCompany)).toEqual(sums(list, (n) => n.company));
  expect(asMap(body.byType)).toEqual(sums(list, (n) => n.type));
  expect(body.byAgent.map((a) => a.name).sort()).toEqual(["Ann User", "Bob User", "admin@example.com"]);
  const sorted = body.byAgent.map((a) => a.minutes);
  expect(sorted).toEqual([...sorted].sort((a, b) => b - a));
});

test("time spent – filters narrow it, and a staff member sees only the tickets in their scope", async () => {
  const list = notes();
  const it = await get(admin, "&department=IT&type=Licensing");
  const narrowed = list.filter((n) => n.dept === "IT" && n.type === "Licensing");
  expect(narrowed.length).toBeGreaterThan(0);
  expect(it.totalMinutes).toBe(narrowed.reduce((n, x) => n + x.minutes, 0));

  const staff = await t.login("it@example.com", "password123");
  const scoped = list.filter((n) => n.dept === "IT" || n.assigned === String(limitedId));
  expect(scoped.length).toBeLessThan(list.length);
  expect(list.some((n) => n.dept !== "IT" && n.assigned === String(limitedId))).toBe(true);
  const mine = await get(staff);
  expect(mine.totalMinutes).toBe(scoped.reduce((n, x) => n + x.minutes, 0));
  expect(asMap(mine.byCompany)).toEqual(sums(scoped, (n) => n.company));
  expect((await t.request(`/api/admin/reports/time-spent?from=${FROM}&to=${TO}`)).status).toBe(401);
});

test("time spent – downloads as CSV with hours beside minutes", async () => {
  const res = await t.request(`/api/admin/reports/time-spent?from=${FROM}&to=${TO}&format=csv`, {
    cookie: admin,
  });
  expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
  expect(res.headers.get("content-disposition")).toContain(`report-time-spent-${FROM}-${TO}.csv`);
  const lines = (await res.text()).split("\r\n");
  expect(lines[0]).toBe("by,value,minutes,hours,entries");
  const total = notes().reduce((n, x) => n + x.minutes, 0);
  expect(lines[1]).toBe(`all,,${total},${Math.round((total / 60) * 100) / 100},${notes().length}`);
  expect(lines.some((l) => l.startsWith("agent,Ann User,"))).toBe(true);
  expect(lines.some((l) => l.startsWith("company,Acme,"))).toBe(true);
});
