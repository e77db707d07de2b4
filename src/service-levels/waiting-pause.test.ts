import { afterEach, beforeEach, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { ticketStatuses, tickets, users } from "../../db/schema";
import { createTestApp, type TestApp } from "../testing/test-app";
import { insertTicket } from "../tickets/admin-tickets.fixtures";

let t: TestApp;
let admin: string;
let clock = new Date("2026-03-02T09:00:00Z"); // a Monday morning
beforeEach(async () => {
  clock = new Date("2026-03-02T09:00:00Z");
  t = await createTestApp({ now: () => clock });
  admin = await t.loginAs("admin");
});
afterEach(() => t.close());

test("waiting on requester – a new install lists it as a system status", () => {
  const row = t.db.select().from(ticketStatuses).where(eq(ticketStatuses.name, "waiting_on_requester")).get();
  expect(row).toMatchObject({ label: "Waiting on requester", isSystem: true, isActive: true });
  expect(t.db.select().from(ticketStatuses).all().length).toBe(5);
});

test("waiting on requester – the requester's reply reopens the ticket and the resolution clock resumes later", async () => {
  const dueBefore = new Date("2026-03-04T17:00:00Z");
  const row = insertTicket(t, { resolutionDueAt: dueBefore });
  const put = await t.request(`/api/admin/tickets/${row.id}`, {
    method: "PUT",
    json: { status: "waiting_on_requester" },
    cookie: admin,
  });
  expect(put.status).toBe(200);
  const waiting = t.db.select().from(tickets).where(eq(tickets.id, row.id)).get()!;
  expect(waiting.nextDueAt).toBeNull(); // no running clock while it waits
  clock = new Date("2026-03-05T09:00:00Z"); // three days later, business days among them
  const reply = await t.request(`/api/tickets/${row.id}/notes`, {
    method: "POST",
    json: { note: "Here is the serial number you asked for", userName: "Jane", userEmail: row.email },
  });
  expect(reply.status).toBeLessThan(300);
  const after = t.db.select().from(tickets).where(eq(tickets.id, row.id)).get()!;
  expect(after.status).toBe("open");
  expect(after.resolutionDueAt!.getTime()).toBeGreaterThan(dueBefore.getTime());
});

test("waiting on requester – a saved reply or a rule that sets another status resumes the clock as a staff change does", async () => {
  const dueBefore = new Date("2026-03-04T17:00:00Z");
  const viaReply = insertTicket(t, { resolutionDueAt: dueBefore });
  const viaRule = insertTicket(t, { resolutionDueAt: dueBefore });
  for (const row of [viaReply, viaRule]) {
    const put = { method: "PUT", json: { status: "waiting_on_requester" }, cookie: admin } as const;
    expect((await t.request(`/api/admin/tickets/${row.id}`, put)).status).toBe(200);
  }
  const macro = await t.request("/api/admin/saved-replies", {
    json: { title: "Back to it", body: "We are on it again.", shared: true, status: "open" },
    cookie: admin,
  });
  expect(macro.status).toBe(201);
  const rule = await t.request("/api/admin/automations", {
    json: {
      name: "Picked up means open",
      trigger: { kind: "changed", field: "assignedTo" },
      conditions: [],
      actions: [{ type: "set_status", value: "open" }],
    },
    cookie: admin,
  });
  expect(rule.status).toBe(201);
  clock = new Date("2026-03-05T09:00:00Z");
  const { id } = (await macro.json()) as { id: number };
  const used = await t.request(`/api/admin/saved-replies/${id}/use`, {
    json: { ticketId: viaReply.id },
    cookie: admin,
  });
  expect(used.status).toBe(200);
  const me = t.db.select({ id: users.id }).from(users).where(eq(users.role, "admin")).get()!;
  const assign = { method: "PUT", json: { assignedTo: me.id }, cookie: admin } as const;
  expect((await t.request(`/api/admin/tickets/${viaRule.id}`, assign)).status).toBe(200);
  for (const row of [viaReply, viaRule]) {
    const after = t.db.select().from(tickets).where(eq(tickets.id, row.id)).get()!;
    expect(after.status).toBe("open");
    expect(after.resolutionDueAt!.getTime()).toBeGreaterThan(dueBefore.getTime());
  }
});
