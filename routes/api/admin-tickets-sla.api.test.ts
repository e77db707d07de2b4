import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { createTestApp, type TestApp } from "../../src/testing/test-app";
import { submit } from "../../src/tickets/tickets.fixtures";

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

type Dto = {
  priority: string;
  firstResponseDueAt: string | null;
  resolutionDueAt: string | null;
  resolutionSoonAt: string | null;
  firstRespondedAt: string | null;
};
const get = async (id: number) =>
  (await (await t.request(`/api/admin/tickets/${id}`, { cookie: admin })).json()) as Dto;
const put = (path: string, json: unknown) => t.request(path, { method: "PUT", json, cookie: admin });
const note = (id: number, isInternal: boolean) =>
  t.request(`/api/admin/tickets/${id}/notes`, { json: { note: "Looking at it", isInternal }, cookie: admin });

describe("service-level clocks on tickets", () => {
  test("a ticket submitted Friday 16:30 at high priority is due Monday 10:30, and the public view hides it", async () => {
    const { id, ticketId } = await submit(t, { priority: "high" });
    const dto = await get(id);
    expect(dto.firstResponseDueAt).toBe("2026-11-23T10:30:00.000Z");
    expect(dto.resolutionDueAt).toBe("2026-11-23T16:30:00.000Z");
    expect(dto.resolutionSoonAt).toBe("2026-11-23T14:30:00.000Z");
    expect(dto.firstRespondedAt).toBeNull();
    const pub = await (await t.request(`/api/tickets/${ticketId}`)).text();
    expect(pub).not.toContain("DueAt");
  });

  test("changing priority moves the due times", async () => {
    const { id } = await submit(t, { priority: "high" });
    clock = new Date("2026-11-23T09:00:00Z");
    expect((await put(`/api/admin/tickets/${id}/priority`, { priority: "urgent" })).status).toBe(200);
    const dto = await get(id);
    expect(dto.firstResponseDueAt).toBe("2026-11-23T09:30:00.000Z");
    expect(dto.resolutionDueAt).toBe("2026-11-23T12:30:00.000Z");
  });

  test("an internal note leaves the first-response clock running; a public staff note stops it once", async () => {
    const { id } = await submit(t);
    clock = new Date("2026-11-23T09:10:00Z");
    expect((await note(id, true)).status).toBe(201);
    expect((await get(id)).firstRespondedAt).toBeNull();
    clock = new Date("2026-11-23T09:20:00Z");
    expect((await note(id, false)).status).toBe(201);
    expect((await get(id)).firstRespondedAt).toBe("2026-11-23T09:20:00.000Z");
    clock = new Date("2026-11-23T09:40:00Z");
    await note(id, false);
    expect((await get(id)).firstRespondedAt).toBe("2026-11-23T09:20:00.000Z");
  });

  test("leaving Open stops the first-response clock", async () => {
    const { id } = await submit(t);
    clock = new Date("2026-11-23T11:00:00Z");
    expect((await put(`/api/admin/tickets/${id}/status`, { status: "in_progress" })).status).toBe(200);
    expect((await get(id)).firstRespondedAt).toBe("2026-11-23T11:00:00.000Z");
  });
});

describe("due filters", () => {
  const ids = async (q: string) =>
    (
      (await (await t.request(`/api/admin/tickets?${q}`, { cookie: admin })).json()) as {
        tickets: { id: number }[];
      }
    ).tickets
      .map((x) => x.id)
      .sort();

  test("breached and due soon follow the clock without any write; answered or finished tickets drop out", async () => {
    const urgent = await submit(t, { priority: "urgent" }); // first response due Mon 09:30, resolution 12:30
    const high = await submit(t, { priority: "high" }); // first response due Mon 10:30
    const answered = await submit(t, { priority: "urgent" });
    clock = new Date("2026-11-23T09:05:00Z");
    await t.request(`/api/admin/tickets/${answered.id}/notes`, {
      json: { note: "On it", isInternal: false },
      cookie: admin,
    });
    // 09:20: urgent's first response is in its last quarter (from 09:15), nothing is breached yet.
    clock = new Date("2026-11-23T09:20:00Z");
    expect(await ids("due=due_soon")).toEqual([urgent.id]);
    expect(await ids("due=breached")).toEqual([]);
    // 10:10: urgent's first response is breached, high's is due soon (from 10:00).
    clock = new Date("2026-11-23T10:10:00Z");
    expect(await ids("due=breached")).toEqual([urgent.id]);
    expect(await ids("due=due_soon")).toEqual([high.id]);
    // 13:00: answered's resolution (12:30) is breached too; completing a ticket stops its clocks.
    clock = new Date("2026-11-23T13:00:00Z");
    expect(await ids("due=breached")).toEqual([urgent.id, high.id, answered.id].sort());
    await t.request(`/api/admin/tickets/${urgent.id}/status`, {
      method: "PUT",
      json: { status: "completed" },
      cookie: admin,
    });
    expect(await ids("due=breached")).toEqual([high.id, answered.id].sort());
    const page = await (await t.request("/api/admin/tickets?due=breached", { cookie: admin })).json();
    expect(page.total).toBe(2);
    const views = (await (await t.request("/api/admin/views", { cookie: admin })).json()) as {
      id: string;
      count: number;
    }[];
    expect(views.find((v) => v.id === "breaching-soon")?.count).toBe(0);
    clock = new Date("2026-11-23T10:10:00Z"); // time alone moves the count, no write in between
    expect(
      (
        (await (await t.request("/api/admin/views", { cookie: admin })).json()) as {
          id: string;
          count: number;
        }[]
      ).find((v) => v.id === "breaching-soon")?.count,
    ).toBe(1);
    expect((await t.request("/api/admin/tickets?due=late", { cookie: admin })).status).toBe(400);
    // the instant "due" is judged at is the server's clock, whatever a query string says
    const judged = async (q: string) =>
      (
        (await (await t.request(`/api/admin/tickets?due=breached${q}`, { cookie: admin })).json()) as {
          total: number;
        }
      ).total;
    expect(await judged("&dueNow=2020-01-01")).toBe(await judged(""));
  });
});

describe("overview counts", () => {
  test("breached and due-soon counts follow the clock and the staff scope", async () => {
    await submit(t, { priority: "urgent", department: "IT" });
    await submit(t, { priority: "urgent", department: "Finance" });
    const staff = await t.loginAs("staff", { allowedDepartments: ["IT"] });
    const stats = async (cookie: string) =>
      (await (await t.request("/api/admin/tickets/stats", { cookie })).json()) as {
        breached: number;
        dueSoon: number;
      };
    clock = new Date("2026-11-23T09:20:00Z");
    expect(await stats(admin)).toMatchObject({ breached: 0, dueSoon: 2 });
    expect(await stats(staff)).toMatchObject({ breached: 0, dueSoon: 1 });
    clock = new Date("2026-11-23T09:40:00Z");
    expect(await stats(admin)).toMatchObject({ breached: 2, dueSoon: 0 });
    expect(await stats(staff)).toMatchObject({ breached: 1, dueSoon: 0 });
  });
});
