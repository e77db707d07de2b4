import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { createTestApp, type TestApp } from "../testing/test-app";
import { collectFigures } from "./summary.figures";
import { builtInSummary, compare, waitText } from "./summary.builtin";
import { NOW, at, seedTicket } from "./summary.fixtures";
import type { AuthUser } from "../shared/dto";
import { eq } from "drizzle-orm";
import { tickets } from "../../db/schema";

let t: TestApp;
beforeEach(async () => (t = await createTestApp({ now: () => NOW })));
afterEach(() => t.close());

const admin = {
  id: 1,
  role: "admin",
  canViewAllTickets: true,
  allowedDepartments: [],
  allowedCompanies: [],
} as Pick<AuthUser, "id" | "role" | "canViewAllTickets" | "allowedDepartments" | "allowedCompanies">;

function seedWeek() {
  const old = seedTicket(t.db, { at: at(10, 9), department: "Finance", ticketType: "Services" });
  seedTicket(t.db, { at: at(3, 8), priority: "low", assignedTo: "5" });
  seedTicket(t.db, {
    at: at(1, 10),
    department: "Finance",
    ticketType: "Licensing",
    status: "completed",
    completedAt: at(1, 12),
  });
  seedTicket(t.db, { at: at(1, 23, 30), department: "Sales", ticketType: "Supplies", priority: "high" });
  seedTicket(t.db, { at: at(0, 0, 30), priority: "urgent" });
  seedTicket(t.db, {
    at: at(0, 9),
    department: "Finance",
    ticketType: "Licensing",
    status: "in_progress",
    assignedTo: "5",
  });
  seedTicket(t.db, { at: at(0, 14), status: "completed", completedAt: at(0, 14, 30) });
  return old;
}

describe("daily summary – built in", () => {
  test("a fresh install gets a calm, complete summary instead of an empty card", () => {
    const s = builtInSummary(collectFigures(t.db, admin, NOW));
    expect(s.summary).toBe("No ticket activity yet today and nothing is waiting: the queue is clear.");
    expect(s.highlights).toEqual(["No open tickets and no new requests this week."]);
    expect(s.trends).toEqual(["No tickets in the last two weeks, so there is no trend yet."]);
    expect(s.recommendations).toEqual(["All caught up: nothing needs attention right now."]);
  });

  test("figures count by the local calendar day, with the day and week before", () => {
    seedWeek();
    const f = collectFigures(t.db, admin, NOW);
    expect(f).toMatchObject({
      today: 3,
      yesterday: 2,
      last7Days: 6,
      previous7Days: 1,
      solvedToday: 1,
      solvedYesterday: 1,
      open: 4,
      inProgress: 1,
      urgentUnassigned: 1,
      highUnassigned: 1,
      // every open ticket is past its first-response target in business hours; the one in progress is not
      breachedTargets: 4,
      dueSoonTargets: 0,
    });
    expect(f.busiestType).toEqual({ name: "IT", count: 3 });
    expect(f.busiestDepartment).toEqual({ name: "IT", count: 3 });
    expect(f.oldestOpen.map((o) => o.ageHours)).toEqual([246, 79, 15]);
  });

  test("sentences name the change, the busiest type and department, the oldest tickets and what to do", () => {
    const old = seedWeek();
    const s = builtInSummary(collectFigures(t.db, admin, NOW));
    expect(s.summary).toBe("3 new tickets today, 1 solved. 4 tickets are open and 1 in progress.");
    expect(s.trends).toContain(
      "New tickets: 3 so far today, busier than a usual Wednesday (0 by this time).",
    );
    expect(s.trends).toContain("Last 7 days: 6 new tickets against 1 in the 7 days before (up 5).");
    expect(s.highlights).toContain("Busiest type this week: IT with 3 tickets.");
    expect(s.highlights).toContain("Busiest department this week: IT with 3 tickets.");
    expect(s.highlights.filter((h) => h.startsWith("Busiest company"))).toEqual([]); // every ticket is from Main Office
    expect(s.highlights.find((h) => h.startsWith("Waiting longest:"))).toStartWith(
      `Waiting longest: ${old.ticketId} (Services, medium) has waited 7 business days;`,
    );
    expect(s.recommendations).toContain(
      "Assign an owner to the 1 urgent ticket and 1 high-priority ticket nobody has picked up.",
    );
    expect(s.recommendations).toContain(
      `4 open tickets are past a service-level target; start with ${old.ticketId}.`,
    );
  });

  test("the busiest company is named when tickets come from more than one", () => {
    for (const d of [0, 1]) seedTicket(t.db, { at: at(d, 9), companyName: "Northwind" });
    seedTicket(t.db, { at: at(0, 10) });
    expect(builtInSummary(collectFigures(t.db, admin, NOW)).highlights).toContain(
      "Busiest company this week: Northwind with 2 tickets.",
    );
  });

  test("restricted staff only get figures from their own departments", () => {
    seedWeek();
    const staff = {
      ...admin,
      id: 99,
      role: "staff" as const,
      canViewAllTickets: false,
      allowedDepartments: ["Finance"],
    };
    const f = collectFigures(t.db, staff, NOW);
    expect(f).toMatchObject({
      today: 1,
      yesterday: 1,
      open: 1,
      inProgress: 1,
      urgentUnassigned: 0,
      highUnassigned: 0,
    });
    expect(f.busiestDepartment).toEqual({ name: "Finance", count: 2 });
  });

  test("changes read as words; a small base gives counts, never a percentage", () => {
    expect(compare(16, 20, "today", "yesterday")).toBe("16 today against 20 yesterday (down 20%)");
    expect(compare(0, 1, "today", "yesterday")).toBe("0 today against 1 yesterday (down 1)");
    expect(compare(2, 0, "today", "yesterday")).toBe("2 today against 0 yesterday (up 2)");
    expect(compare(312, 101, "today", "yesterday")).toBe("312 today against 101 yesterday (up 209%)");
  });

  test("today is compared with the same weekdays by the same time of day, not with yesterday", () => {
    // Wednesdays 1–4 weeks back: 2, 2, 3 and 9 tickets by 15:00 (the 9 is one unusual week); later ones do not count
    for (const [weeks, n] of [
      [1, 2],
      [2, 2],
      [3, 3],
      [4, 9],
    ] as const)
      for (let i = 0; i < n; i++) seedTicket(t.db, { at: at(7 * weeks, 9, i) });
    seedTicket(t.db, { at: at(7, 16) });
    for (let i = 0; i < 6; i++) seedTicket(t.db, { at: at(1, 10, i) }); // a busy yesterday changes nothing
    seedTicket(t.db, { at: at(0, 9) });
    seedTicket(t.db, { at: at(0, 10) });
    const f = collectFigures(t.db, admin, NOW);
    expect(f.usualByNow).toEqual([2, 2, 3, 9]);
    expect(builtInSummary(f).trends).toContain(
      "New tickets: 2 so far today, about as busy as a usual Wednesday (3 by this time).",
    );
    for (let i = 0; i < 4; i++) seedTicket(t.db, { at: at(0, 11, i) });
    expect(builtInSummary(collectFigures(t.db, admin, NOW)).trends).toContain(
      "New tickets: 6 so far today, busier than a usual Wednesday (3 by this time).",
    );
  });

  test("a line on last week's first responses: met, missed, and still running left out", () => {
    const respond = (ticket: { id: number }, when: Date | null) =>
      t.db.update(tickets).set({ firstRespondedAt: when }).where(eq(tickets.id, ticket.id)).run();
    respond(seedTicket(t.db, { at: at(3, 10) }), at(3, 11)); // met
    respond(seedTicket(t.db, { at: at(5, 10) }), at(4, 16)); // answered late
    seedTicket(t.db, { at: at(6, 9) }); // never answered, long past its target
    respond(seedTicket(t.db, { at: at(8, 10) }), at(8, 10, 5)); // before last week
    seedTicket(t.db, { at: at(0, 14, 50) }); // today, still running
    const f = collectFigures(t.db, admin, NOW);
    expect(f.lastWeekFirstResponse).toEqual({ met: 1, due: 3 });
    expect(builtInSummary(f).trends).toContain(
      "Last week's first responses: 1 of 3 within the service-level target.",
    );
  });
});

test("daily summary – waits read as minutes, hours, then business days", () => {
  expect([0, 12, 59, 60, 179, 1439].map((m) => waitText(m, 0))).toEqual([
    "0 min",
    "12 min",
    "59 min",
    "1 h",
    "2 h",
    "23 h",
  ]);
  expect([waitText(1440, 0), waitText(1440, 1), waitText(4320, 2)]).toEqual([
    "less than a business day",
    "1 business day",
    "2 business days",
  ]);
});
