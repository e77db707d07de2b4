import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { createTestApp, type TestApp } from "../../src/testing/test-app";
import { submit } from "../../src/tickets/tickets.fixtures";
import { expectAudit } from "../../src/testing/expect-audit";
import type { ServiceLevelsInput } from "../../src/shared/schemas/service-levels";

// Friday 2026-11-20 16:30 UTC; the test process runs in UTC, so the default week is 09:00–17:00 UTC.
let clock = new Date("2026-11-20T16:30:00Z");
let t: TestApp;
let admin: string;
beforeEach(async () => {
  clock = new Date("2026-11-20T16:30:00Z");
  t = await createTestApp({ now: () => clock });
  admin = await t.loginAs("admin");
});
afterEach(() => t.close());

const PATH = "/api/admin/service-levels";
const read = async () => (await (await t.request(PATH, { cookie: admin })).json()) as ServiceLevelsInput;
const save = (json: unknown, cookie = admin) => t.request(PATH, { method: "PUT", json, cookie });
const dueOf = async (id: number) =>
  (
    (await (await t.request(`/api/admin/tickets/${id}`, { cookie: admin })).json()) as {
      firstResponseDueAt: string;
    }
  ).firstResponseDueAt;

describe("Settings → Hours", () => {
  test("the defaults: Monday–Friday 09:00–17:00 in the server's zone, no holidays, the default targets", async () => {
    const s = await read();
    expect(s.timeZone).toBe("UTC");
    expect(s.week.map((d) => d.length)).toEqual([0, 1, 1, 1, 1, 1, 0]);
    expect(s.week[1]).toEqual([{ start: "09:00", end: "17:00" }]);
    expect(s.holidays).toEqual([]);
    expect(s.targets.high).toEqual({ firstResponseMinutes: 120, resolutionMinutes: 480 });
    expect(s.targets.low).toEqual({ firstResponseMinutes: 480, resolutionMinutes: 2400 });
  });

  test("saved hours, holidays and targets time new tickets; tickets already open keep their due times; audited", async () => {
    const before = await submit(t, { priority: "high" });
    expect(await dueOf(before.id)).toBe("2026-11-23T10:30:00.000Z");
    const s = await read();
    const next: ServiceLevelsInput = {
      ...s,
      timeZone: "Europe/Berlin",
      // Monday is a holiday; Tuesday opens 08:00 Berlin (07:00 UTC)
      week: [[], [{ start: "08:00", end: "12:00" }], [{ start: "08:00", end: "12:00" }], [], [], [], []],
      holidays: [{ date: "2026-11-23", name: "Office closed" }],
      targets: { ...s.targets, high: { firstResponseMinutes: 30, resolutionMinutes: 120 } },
    };
    const res = await save(next);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual(next);
    expect(await read()).toEqual(next);
    const after = await submit(t, { priority: "high" });
    expect(await dueOf(after.id)).toBe("2026-11-24T07:30:00.000Z");
    expect(await dueOf(before.id)).toBe("2026-11-23T10:30:00.000Z");
    expectAudit(t, { action: "updated", entityType: "service_levels" }, [
      { userId: 1, oldValue: s, newValue: next },
    ]);
  });

  test("a priority change after new rules takes the new targets", async () => {
    const { id } = await submit(t, { priority: "medium" });
    const s = await read();
    await save({
      ...s,
      targets: { ...s.targets, urgent: { firstResponseMinutes: 15, resolutionMinutes: 60 } },
    });
    const res = await t.request(`/api/admin/tickets/${id}/priority`, {
      method: "PUT",
      json: { priority: "urgent" },
      cookie: admin,
    });
    expect(res.status).toBe(200);
    expect(await dueOf(id)).toBe("2026-11-20T16:45:00.000Z");
  });

  test("bad input is a 400 naming the problem, and nothing is saved", async () => {
    const s = await read();
    const cases: [unknown, string][] = [
      [{ ...s, timeZone: "Mars/Olympus" }, "Unknown time zone"],
      [{ ...s, week: s.week.slice(0, 6) }, "Give all seven days"],
      [
        { ...s, week: [[], [{ start: "9:00", end: "17:00" }], [], [], [], [], []] },
        "Times are HH:MM, from 00:00 to 23:59",
      ],
      [{ ...s, week: [[], [], [], [], [], [], []] }, "Open at least one range in the week"],
      [
        {
          ...s,
          week: [
            [],
            [
              { start: "09:00", end: "13:00" },
              { start: "12:00", end: "17:00" },
            ],
            [],
            [],
            [],
            [],
            [],
          ],
        },
        "Opening ranges on one day must not overlap",
      ],
      [
        {
          ...s,
          week: [[], [{ start: "22:00", end: "06:00" }], [{ start: "05:00", end: "09:00" }], [], [], [], []],
        },
        "A range past midnight must end before the next day's first range",
      ],
      [{ ...s, holidays: [{ date: "2026-02-30", name: "Nope" }] }, "Holiday dates are YYYY-MM-DD"],
      [{ ...s, holidays: [{ date: "2026-12-25", name: " " }] }, "Holiday name is required"],
      [
        {
          ...s,
          holidays: [
            { date: "2026-12-25", name: "A" },
            { date: "2026-12-25", name: "B" },
          ],
        },
        "Each holiday date only once",
      ],
      [
        { ...s, targets: { ...s.targets, high: { firstResponseMinutes: 600, resolutionMinutes: 60 } } },
        "The first response target cannot be longer than the resolution target",
      ],
      [
        { ...s, targets: { ...s.targets, high: { firstResponseMinutes: 0, resolutionMinutes: 60 } } },
        "Targets are at least one minute",
      ],
      [
        { ...s, targets: { ...s.targets, high: { firstResponseMinutes: 1.5, resolutionMinutes: 60 } } },
        "Targets are whole minutes",
      ],
      [
        { ...s, targets: { ...s.targets, someday: { firstResponseMinutes: 1, resolutionMinutes: 60 } } },
        "Unknown priority: someday",
      ],
    ];
    for (const [body, message] of cases) {
      const res = await save(body);
      expect([message, res.status]).toEqual([message, 400]);
      expect(((await res.json()) as { message: string }).message).toBe(message);
    }
    expect(await read()).toEqual(s);
    expectAudit(t, { entityType: "service_levels" }, []);
  });

  test("staff may neither read nor change the hours", async () => {
    const staff = await t.loginAs("staff");
    expect((await t.request(PATH, { cookie: staff })).status).toBe(403);
    expect((await save(await read(), staff)).status).toBe(403);
    expect((await t.request(PATH)).status).toBe(401);
  });
});
