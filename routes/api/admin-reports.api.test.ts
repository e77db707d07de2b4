import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { TZDate } from "@date-fns/tz";
import { companies, tickets, type TicketRow } from "../../db/schema";
import { createTestApp, type TestApp } from "../../src/testing/test-app";
import { validTicket } from "../../src/tickets/tickets.fixtures";
import { saveServiceLevelSettings } from "../../src/service-levels/sla-settings";
import { DEFAULT_TARGETS } from "../../src/service-levels/targets";
import { ReadCache } from "../../db/read-cache";
import { report } from "../../src/reports/reports.queries";
import { reportQuerySchema } from "../../src/shared/schemas/reports";
import type { ScopeActor } from "../../src/tickets/tickets.scope";

// A fortnight of history in New York, business hours Mon–Fri 09:00–17:00 and a holiday, built through the
// API's own verbs; every figure is then checked against a brute-force pass over all tickets.
const TZ = "America/New_York";
const HOLIDAY = "2026-03-10";
const MIN = 60_000;
const START = Date.parse("2026-03-05T14:00:00Z");
const [FROM, TO] = ["2026-03-06", "2026-03-17"];
const DEPTS = ["IT", "Finance", "Sales"];
const PRIOS = ["low", "medium", "high", "urgent"];
const CHANNELS = ["phone", "email", "walk-in"];
const COMPANIES = ["Main Office", "Acme", "Globex"];

let t: TestApp;
let clock = START;
let admin: string;
const agents: number[] = [];
const companyIds: number[] = [];
const reopens = new Map<number, number>();

let seed = 7;
const rand = (n: number) => {
  seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
  return (seed >>> 12) % n;
};

type Event = { at: number; run: () => Promise<unknown> };

async function call(path: string, method: string, json: unknown) {
  const res = await t.request(path, { method, json, cookie: admin });
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return res.json() as Promise<{ id: number }>;
}

/** One ticket's life as timed events: created, maybe assigned, answered, completed, reopened, burnt. */
function life(i: number): Event[] {
  const at = START + i * 317 * MIN + rand(300) * MIN;
  const ref = { id: 0 };
  const status = (s: string) => () => call(`/api/admin/tickets/${ref.id}/status`, "PUT", { status: s });
  const events: Event[] = [
    {
      at,
      run: async () => {
        const body = validTicket({
          email: `r${rand(6)}@example.com`,
          department: DEPTS[rand(3)],
          priority: PRIOS[rand(4)],
          companyId: companyIds[rand(3)],
          channel: CHANNELS[rand(3)],
          notifyRequester: false,
        });
        ref.id = (await call("/api/admin/tickets", "POST", body)).id;
      },
    },
  ];
  if (rand(4)) {
    const agent = agents[rand(agents.length)];
    events.push({
      at: at + MIN,
      run: () => call(`/api/admin/tickets/${ref.id}/assign`, "PUT", { assignedTo: agent }),
    });
  }
  const answered = at + (10 + rand(3000)) * MIN;
  if (rand(5))
    events.push({
      at: answered,
      run: () => call(`/api/admin/tickets/${ref.id}/notes`, "POST", { note: "On it" }),
    });
  const done = answered + (5 + rand(4000)) * MIN;
  const fate = rand(6);
  if (fate >= 2) events.push({ at: done, run: status("completed") });
  if (fate === 5) {
    events.push({
      at: done + 60 * MIN,
      run: async () => {
        await status("open")();
        reopens.set(ref.id, (reopens.get(ref.id) ?? 0) + 1);
      },
    });
    events.push({ at: done + 500 * MIN, run: status("completed") });
  }
  if (fate === 1) events.push({ at: done, run: status("burnt") });
  return events;
}

beforeAll(async () => {
  t = await createTestApp({
    env: { SESSION_TTL_HOURS: "5000", SESSION_MAX_DAYS: "365" },
    now: () => new Date(clock),
  });
  const nineToFive = [{ start: "09:00", end: "17:00" }];
  saveServiceLevelSettings(
    t.db,
    {
      timeZone: TZ,
      week: [[], nineToFive, nineToFive, nineToFive, nineToFive, nineToFive, []],
      holidays: [{ date: HOLIDAY, name: "Closed" }],
      targets: DEFAULT_TARGETS,
    },
    new Date(clock),
  );
  admin = await t.loginAs("admin");
  for (const name of COMPANIES) {
    const row = t.db
      .select()
      .from(companies)
      .all()
      .find((c) => c.name === name);
    companyIds.push(row?.id ?? t.db.insert(companies).values({ name }).returning().get().id);
  }
  for (const name of ["Ann", "Bob"])
    agents.push((await t.createUser({ email: `${name}@example.com`, firstName: name })).id);
  const events = Array.from({ length: 40 }, (_, i) => life(i)).flat();
  // each ticket's events are timed in order; running them in time order interleaves the tickets
  const queue = [...events].sort((a, b) => a.at - b.at);
  for (const e of queue) {
    clock = e.at;
    await e.run();
  }
  clock = Date.parse("2026-03-20T12:00:00Z");
});
afterAll(() => t.close());

// ---- brute force: every ticket, each minute of each duration ----

const localDay = (ms: number) => {
  const d = new TZDate(ms, TZ);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
};
const dayStart = (day: string) => {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  return new TZDate(y, m - 1, d, 0, 0, 0, TZ).getTime();
};
// Whole UTC hours are whole New York hours, so each hour's openness is looked up once.
const openHours = new Map<number, boolean>();
function openAt(m: number) {
  const h = Math.floor(m / (60 * MIN));
  let open = openHours.get(h);
  if (open === undefined) {
    const d = new TZDate(m, TZ);
    open =
      d.getDay() >= 1 && d.getDay() <= 5 && d.getHours() >= 9 && d.getHours() < 17 && localDay(m) !== HOLIDAY;
    openHours.set(h, open);
  }
  return open;
}
function businessMinutes(from: number, to: number) {
  let n = 0;
  for (let m = from; m < to; m += MIN) if (openAt(m)) n++;
  return n;
}
const nearest = (values: number[], p: number) => {
  const s = [...values].sort((a, b) => a - b);
  return s.length ? s[Math.ceil(p * s.length) - 1] : null;
};
const inRange = (r: TicketRow) =>
  localDay(r.createdAt.getTime()) >= FROM && localDay(r.createdAt.getTime()) < TO;
const all = () => t.db.select().from(tickets).all();
const span = (a: Date, b: Date | null) =>
  b
    ? { calendar: (b.getTime() - a.getTime()) / MIN, business: businessMinutes(a.getTime(), b.getTime()) }
    : null;

function summary(rows: TicketRow[], stop: (r: TicketRow) => Date | null) {
  const d = rows.flatMap((r) => {
    const s = span(r.createdAt, stop(r));
    return s ? [s] : [];
  });
  return {
    n: d.length,
    medianMinutes: nearest(
      d.map((x) => x.calendar),
      0.5,
    ),
    p90Minutes: nearest(
      d.map((x) => x.calendar),
      0.9,
    ),
    medianBusinessMinutes: nearest(
      d.map((x) => x.business),
      0.5,
    ),
    p90BusinessMinutes: nearest(
      d.map((x) => x.business),
      0.9,
    ),
  };
}

async function get(kind: string, cookie = admin, extra = "") {
  const res = await t.request(`/api/admin/reports/${kind}?from=${FROM}&to=${TO}${extra}`, { cookie });
  expect(res.status).toBe(200);
  // biome-ignore lint/suspicious/noExplicitAny: each figure is read loosely, checked field by field
  return res.json() as Promise<any>;
}

describe("reports", () => {
  test("reports – created, resolved and the open backlog per office day equal a full scan", async () => {
    const rows = all();
    const days: string[] = [];
    for (let d = dayStart(FROM); localDay(d) < TO; d += 25 * 60 * MIN)
      if (!days.includes(localDay(d))) days.push(localDay(d));
    const expected = days.map((day) => {
      const end = dayStart(day) + 36 * 60 * MIN;
      const endOf = dayStart(localDay(end));
      return {
        period: day,
        created: rows.filter((r) => localDay(r.createdAt.getTime()) === day).length,
        resolved: rows.filter((r) => r.completedAt && localDay(r.completedAt.getTime()) === day).length,
        backlog: rows.filter(
          (r) =>
            r.createdAt.getTime() < endOf &&
            r.status !== "burnt" &&
            !(r.completedAt && r.completedAt.getTime() < endOf),
        ).length,
      };
    });
    expect(expected.some((d) => d.resolved > 0)).toBe(true);
    expect(await get("volume")).toEqual(expected);
    const weeks = await get("volume", admin, "&bucket=week");
    expect(weeks.map((w: { period: string }) => w.period)).toEqual([
      "2026-03-01",
      "2026-03-08",
      "2026-03-15",
    ]);
    expect(weeks.at(-1).backlog).toBe(expected.at(-1)!.backlog);
  });

  test("reports – response and resolution medians and p90, calendar and business minutes across a weekend and a holiday", async () => {
    const rows = all().filter(inRange);
    const body = await get("times");
    expect(body.overall.firstResponse).toEqual(summary(rows, (r) => r.firstRespondedAt));
    expect(body.overall.resolution).toEqual(summary(rows, (r) => r.completedAt));
    for (const p of PRIOS) {
      const mine = rows.filter((r) => r.priority === p);
      const row = body.byPriority.find((x: { key: string }) => x.key === p);
      if (!mine.length) expect(row).toBeUndefined();
      else expect(row.resolution).toEqual(summary(mine, (r) => r.completedAt));
    }
    for (const a of agents) {
      const mine = rows.filter((r) => r.assignedTo === String(a));
      expect(body.byAgent.find((x: { key: string }) => x.key === String(a)).firstResponse).toEqual(
        summary(mine, (r) => r.firstRespondedAt),
      );
    }
    // the history spans weekends and the holiday: business time is well below calendar time
    expect(body.overall.resolution.p90BusinessMinutes).toBeLessThan(body.overall.resolution.p90Minutes / 2);
  });

  test("reports – service-level attainment and the breaches equal a full scan", async () => {
    const rows = all().filter(inRange);
    const now = clock;
    const judge = (due: Date | null, stop: Date | null) =>
      !due ? null : stop ? (stop <= due ? "met" : "missed") : now > due.getTime() ? "missed" : null;
    const tally = (list: TicketRow[]) => {
      const count = (o: (r: TicketRow) => string | null) => {
        const met = list.filter((r) => o(r) === "met").length;
        const missed = list.filter((r) => o(r) === "missed").length;
        return { met, missed, percent: met + missed ? (100 * met) / (met + missed) : null };
      };
      return {
        firstResponse: count((r) => judge(r.firstResponseDueAt, r.firstRespondedAt)),
        resolution: count((r) => judge(r.resolutionDueAt, r.completedAt)),
      };
    };
    const body = await get("service-levels");
    expect(body.overall).toEqual({ key: "all", ...tally(rows) });
    for (const d of DEPTS)
      expect(body.byDepartment.find((x: { key: string }) => x.key === d)).toEqual({
        key: d,
        ...tally(rows.filter((r) => r.department === d)),
      });
    const misses = rows.flatMap((r) => {
      const t = tally([r]);
      return t.firstResponse.missed + t.resolution.missed;
    });
    expect(body.breachCount).toBe(misses.reduce((a, b) => a + b, 0));
    expect(body.breachCount).toBeGreaterThan(0);
  });

  test("reports – service levels are kept until a running clock falls due, then judged again", () => {
    const actor: ScopeActor = {
      id: 1,
      role: "admin",
      canViewAllTickets: true,
      allowedDepartments: [],
      allowedCompanies: [],
    };
    const q = reportQuerySchema.parse({ from: FROM, to: TO });
    const judge = (ctx: { cache: ReadCache }, at: number) =>
      report({ db: t.db, cache: ctx.cache }, actor, "service-levels", q, new Date(at));
    const kept = { cache: new ReadCache(t.sqlite) };
    const fresh = (at: number) => judge({ cache: new ReadCache(t.sqlite) }, at);
    const mid = Date.parse("2026-03-11T12:00:00Z");
    const dues = all()
      .filter(inRange)
      .flatMap((r) => [
        r.firstRespondedAt ? null : r.firstResponseDueAt,
        r.completedAt ? null : r.resolutionDueAt,
      ])
      .flatMap((d) => (d && d.getTime() >= mid ? [d.getTime()] : []));
    const next = Math.min(...dues);
    expect(Number.isFinite(next)).toBe(true);
    const first = judge(kept, mid);
    expect(judge(kept, next)).toBe(first);
    const passed = judge(kept, next + 1);
    expect(passed).toEqual(fresh(next + 1));
    expect(passed.breachCount).toBeGreaterThan(first.breachCount);
    expect(judge(kept, mid - 1)).toEqual(fresh(mid - 1));
  });

  test("reports – per agent: assigned, resolved, open now, median first response and reopenings", async () => {
    const everything = all();
    const rows = everything.filter(inRange);
    const body = await get("agents");
    for (const a of agents) {
      const mine = rows.filter((r) => r.assignedTo === String(a));
      const s = summary(mine, (r) => r.firstRespondedAt);
      expect(body.find((x: { agent: string }) => x.agent === String(a))).toEqual({
        agent: String(a),
        name: `${a === agents[0] ? "Ann" : "Bob"} User`,
        assigned: mine.length,
        resolved: mine.filter((r) => r.completedAt).length,
        openNow: everything.filter(
          (r) => r.assignedTo === String(a) && ["open", "in_progress"].includes(r.status),
        ).length,
        medianFirstResponseMinutes: s.medianMinutes,
        medianFirstResponseBusinessMinutes: s.medianBusinessMinutes,
        reopened: mine.reduce((n, r) => n + (reopens.get(r.id) ?? 0), 0),
      });
    }
    expect([...reopens.values()].length).toBeGreaterThan(0);
  });

  test("reports – busiest weekday and hour, top companies and requesters", async () => {
    const rows = all().filter(inRange);
    const counts = Array.from({ length: 7 }, () => new Array(24).fill(0));
    for (const r of rows) {
      const d = new TZDate(r.createdAt.getTime(), TZ);
      counts[d.getDay()]![d.getHours()]++;
    }
    expect((await get("busiest")).counts).toEqual(counts);
    const top = await get("top");
    for (const c of top.companies)
      expect(c.tickets).toBe(rows.filter((r) => r.companyName === c.company).length);
    expect(top.companies.reduce((n: number, c: { tickets: number }) => n + c.tickets, 0)).toBe(rows.length);
    for (const q of top.requesters) expect(q.tickets).toBe(rows.filter((r) => r.email === q.email).length);
  });

  test("reports – filters narrow every figure: department, priority, channel and company", async () => {
    const rows = all().filter(inRange);
    const body = await get("busiest", admin, "&department=IT&channel=phone&company=Acme");
    const n = rows.filter(
      (r) => r.department === "IT" && r.channel === "phone" && r.companyName === "Acme",
    ).length;
    expect(body.counts.flat().reduce((a: number, b: number) => a + b, 0)).toBe(n);
    const times = await get("times", admin, "&priority=high");
    expect(times.overall.resolution).toEqual(
      summary(
        rows.filter((r) => r.priority === "high"),
        (r) => r.completedAt,
      ),
    );
  });

  test("reports – a staff member sees only their departments' figures", async () => {
    const it = await t.loginAs("staff", { allowedDepartments: ["IT"] });
    const rows = all();
    const body = await get("volume", it);
    const created = rows.filter((r) => inRange(r) && r.department === "IT").length;
    expect(body.reduce((n: number, d: { created: number }) => n + d.created, 0)).toBe(created);
    const top = await get("top", it);
    expect(top.companies.reduce((n: number, c: { tickets: number }) => n + c.tickets, 0)).toBe(created);
    expect((await t.request(`/api/admin/reports/volume?from=${FROM}&to=${TO}`)).status).toBe(401);
  });

  test("reports – each figure downloads as CSV; a reversed range is refused with a message", async () => {
    const res = await t.request(`/api/admin/reports/agents?from=${FROM}&to=${TO}&format=csv`, {
      cookie: admin,
    });
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toContain(`report-agents-${FROM}-${TO}.csv`);
    const text = await res.text();
    expect(text.split("\r\n")[0]).toBe(
      "agent,assigned,resolved,open now,median first response hours,median first response business hours,reopened",
    );
    expect(text).toContain("Ann User");
    const bad = await t.request(`/api/admin/reports/volume?from=${TO}&to=${FROM}`, { cookie: admin });
    expect(bad.status).toBe(400);
    expect((await bad.json()).message).toBe("from must be a date before to");
  });
});
