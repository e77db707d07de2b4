import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { createTestApp, ADMIN, type TestApp } from "../../src/testing/test-app";
import { ticketNotes, tickets, users } from "../../db/schema";
import { expectAudit } from "../../src/testing/expect-audit";
import { insertTicket } from "../../src/tickets/admin-tickets.fixtures";
import { file, form, PNG_BYTES } from "../../src/tickets/tickets.fixtures";

// Wednesday 2026-11-18 10:00 local time.
let clock = new Date(2026, 10, 18, 10, 0);
let t: TestApp;
let admin: string;
beforeEach(async () => {
  clock = new Date(2026, 10, 18, 10, 0);
  t = await createTestApp({ now: () => clock });
  admin = await t.loginAs("admin");
});
afterEach(() => t.close());

const put = (path: string, json: unknown) => t.request(path, { method: "PUT", json, cookie: admin });
const list = async (query: string) =>
  (await (await t.request(`/api/admin/tickets?${query}`, { cookie: admin })).json()) as {
    tickets: { id: number; ticketId: string }[];
    total: number;
  };

describe("admin tickets – filters and counts", () => {
  test("search finds substrings of ticket id, names, e-mail, description and company, short terms too", async () => {
    const a = insertTicket(t, {
      ticketId: "WI-2026-777",
      firstName: "Mallory",
      email: "mal@corp.test",
      description: "Toner cartridge empty",
      companyName: "Acme Widgets",
    });
    insertTicket(t, { firstName: "Bob" });
    for (const term of ["2026-777", "allor", "MAL@CORP", "cartridge", "widget", "Ac"])
      expect((await list(`search=${encodeURIComponent(term)}`)).tickets.map((x) => x.id)).toEqual([a.id]);
    t.db.update(tickets).set({ description: "Now about a broken chair" }).where(eq(tickets.id, a.id)).run();
    expect((await list("search=cartridge")).total).toBe(0);
    expect((await list("search=%25")).total).toBe(0);
  });

  test("status, department, type, priority, company and created-date filters combine; 'all' means no filter", async () => {
    insertTicket(t, { department: "Finance", priority: "high", createdAt: new Date(2026, 10, 10) });
    const hit = insertTicket(t, {
      department: "Finance",
      priority: "high",
      createdAt: new Date(2026, 10, 16),
    });
    insertTicket(t, { department: "IT", priority: "high" });
    const q = `status=all&department=Finance&priority=high&ticketType=IT&company=Main%20Office&startDate=${new Date(2026, 10, 15).toISOString()}&endDate=${new Date(2026, 10, 18, 23, 59).toISOString()}`;
    expect((await list(q)).tickets.map((x) => x.id)).toEqual([hit.id]);
    expect((await t.request("/api/admin/tickets?startDate=yesterday", { cookie: admin })).status).toBe(400);
    expect((await t.request("/api/admin/tickets?limit=5000", { cookie: admin })).status).toBe(400);
  });

  test("the total is never capped by the page size, and stats agree with the list", async () => {
    for (let i = 0; i < 5; i++) insertTicket(t, { status: i < 3 ? "open" : "burnt" });
    const page = await list("limit=2");
    expect(page.tickets).toHaveLength(2);
    expect(page.total).toBe(5);
    const stats = await (await t.request("/api/admin/tickets/stats", { cookie: admin })).json();
    expect(stats).toEqual({
      total: 5,
      open: 3,
      inProgress: 0,
      completed: 0,
      burnt: 2,
      breached: 0,
      dueSoon: 0,
      byStatus: expect.arrayContaining([
        { name: "open", label: "Open", count: 3 },
        { name: "burnt", label: "Burnt", count: 2 },
      ]),
    });
    expect((await list("status=open&limit=1")).total).toBe(stats.open);
  });

  test("priority counts cover active tickets under the other filters; type shares come from open tickets", async () => {
    insertTicket(t, { priority: "urgent", ticketType: "Licensing" });
    insertTicket(t, { priority: "urgent", status: "completed" });
    insertTicket(t, { priority: "low", department: "Sales", status: "in_progress" });
    const all = await (
      await t.request("/api/admin/tickets/breakdown?priority=low", { cookie: admin })
    ).json();
    expect(all).toEqual({ byType: { Licensing: 1 }, byPriority: { urgent: 1, low: 1 } });
    const sales = await (
      await t.request("/api/admin/tickets/breakdown?department=Sales", { cookie: admin })
    ).json();
    expect(sales.byPriority).toEqual({ low: 1 });
  });

  test("today counts tickets created and completed on the calendar day of the fixed clock", async () => {
    insertTicket(t, { createdAt: new Date(2026, 10, 17, 23, 59) });
    const fresh = insertTicket(t, { createdAt: new Date(2026, 10, 18, 0, 1) });
    insertTicket(t, {
      status: "completed",
      completedAt: new Date(2026, 10, 18, 9),
      createdAt: new Date(2026, 10, 1),
    });
    const today = await (await t.request("/api/admin/tickets/today", { cookie: admin })).json();
    expect([today.newTickets, today.solvedTickets]).toEqual([1, 1]);
    expect(today.newTicketsList.map((x: { id: number }) => x.id)).toEqual([fresh.id]);
  });
});

describe("admin tickets – changes", () => {
  test("status changes set processedAt once and set / clear completedAt, each with an audit row", async () => {
    const tk = insertTicket(t);
    const status = async (s: string) =>
      (await (await put(`/api/admin/tickets/${tk.id}/status`, { status: s })).json()) as {
        processedAt: string | null;
        completedAt: string | null;
      };
    const first = await status("in_progress");
    expect(first.processedAt).toBe(clock.toISOString());
    clock = new Date(2026, 10, 18, 11);
    const done = await status("completed");
    expect([done.processedAt, done.completedAt]).toEqual([first.processedAt, clock.toISOString()]);
    clock = new Date(2026, 10, 18, 12);
    const back = await status("in_progress");
    expect([back.processedAt, back.completedAt]).toEqual([first.processedAt, null]);
    expectAudit(t, { action: "status_changed", entityId: tk.ticketId }, [
      { oldValue: { status: "open" }, newValue: { status: "in_progress" } },
      { oldValue: { status: "in_progress" }, newValue: { status: "completed" } },
      { oldValue: { status: "completed" }, newValue: { status: "in_progress" } },
    ]);
    expect((await (await put(`/api/admin/tickets/${tk.id}/status`, {})).json()).message).toBe(
      "Status is required",
    );
    expect((await put(`/api/admin/tickets/${tk.id}/status`, { status: "nonsense" })).status).toBe(400);
  });

  test("assign accepts active users and null, refuses suspended users; assignees lists only active users", async () => {
    const tk = insertTicket(t);
    const ok = await t.createUser({ email: "ok@example.com" });
    const off = await t.createUser({ email: "off@example.com", status: "suspended" });
    expect(
      (await (await put(`/api/admin/tickets/${tk.id}/assign`, { assignedTo: ok.id })).json()).assignedTo,
    ).toBe(String(ok.id));
    expect((await put(`/api/admin/tickets/${tk.id}/assign`, { assignedTo: off.id })).status).toBe(400);
    expect(
      (await (await put(`/api/admin/tickets/${tk.id}/assign`, { assignedTo: null })).json()).assignedTo,
    ).toBeNull();
    const staff = await t.loginAs("staff", { allowedDepartments: ["IT"] });
    type Person = { id: number; email?: string; password?: string };
    const list = async (cookie: string) =>
      (await (await t.request("/api/admin/tickets/assignees", { cookie })).json()) as Person[];
    const people = await list(staff);
    expect(people.map((p) => p.id)).toContain(ok.id);
    expect(people.map((p) => p.id)).not.toContain(off.id);
    // Staff get names and ids only: no sign-in e-mails to harvest, never a hash.
    expect(people.every((p) => p.password === undefined && p.email === undefined)).toBe(true);
    expect((await list(admin)).map((p) => p.email)).toContain("ok@example.com");
  });

  test("delete with a wrong password answers 403 'Incorrect Password' and keeps everything; the right one removes notes and files", async () => {
    const tk = insertTicket(t);
    await t.request(`/api/admin/tickets/${tk.id}/notes`, {
      cookie: admin,
      json: { note: "Internal remark", isInternal: true },
    });
    await t.request(`/api/admin/tickets/${tk.id}/attachments`, {
      cookie: admin,
      body: form([["file", file("shot.png", PNG_BYTES)]]),
    });
    const uploads = join(t.dir, "uploads");
    expect(readdirSync(uploads).length).toBe(1);
    const wrong = await t.request(`/api/admin/tickets/${tk.id}`, {
      method: "DELETE",
      cookie: admin,
      json: { password: "nope" },
    });
    expect([wrong.status, (await wrong.json()).message]).toEqual([403, "Incorrect Password"]);
    expect(t.db.select().from(tickets).where(eq(tickets.id, tk.id)).get()).toBeDefined();
    const right = await t.request(`/api/admin/tickets/${tk.id}`, {
      method: "DELETE",
      cookie: admin,
      json: { password: ADMIN.password },
    });
    expect(right.status).toBe(200);
    expect(t.db.select().from(tickets).where(eq(tickets.id, tk.id)).get()).toBeUndefined();
    expect(t.db.select().from(ticketNotes).where(eq(ticketNotes.ticketId, tk.id)).all()).toEqual([]);
    expect(readdirSync(uploads)).toEqual([]);
    expect(existsSync(uploads)).toBe(true);
  });

  test("staff see internal notes and files, which carry the author; a wrong file type is refused", async () => {
    const tk = insertTicket(t);
    const me = t.db.select().from(users).where(eq(users.email, ADMIN.email)).get()!;
    const note = await (
      await t.request(`/api/admin/tickets/${tk.id}/notes`, {
        cookie: admin,
        json: { note: "  Called the user  ", isInternal: true },
      })
    ).json();
    expect([note.note, note.isInternal, note.userId]).toEqual(["Called the user", true, me.id]);
    const notes = await (await t.request(`/api/admin/tickets/${tk.id}/notes`, { cookie: admin })).json();
    expect(notes).toHaveLength(1);
    expect(
      (await t.request(`/api/admin/tickets/${tk.id}/notes`, { cookie: admin, json: { note: "   " } })).status,
    ).toBe(400);
    const bad = await t.request(`/api/admin/tickets/${tk.id}/attachments`, {
      cookie: admin,
      body: form([["file", file("run.exe", "MZ")]]),
    });
    expect(bad.status).toBe(400);
    const [up] = await (
      await t.request(`/api/admin/tickets/${tk.id}/attachments`, {
        cookie: admin,
        body: form([
          ["file", file("shot.png", PNG_BYTES)],
          ["isInternal", "true"],
        ]),
      })
    ).json();
    const dl = await t.request(`/api/admin/attachments/${up.id}/download`, { cookie: admin });
    expect(dl.status).toBe(200);
    expect(dl.headers.get("content-disposition")).toContain("attachment");
    expect((await t.request(`/api/attachments/${up.id}/download`)).status).toBe(404);
  });
});
