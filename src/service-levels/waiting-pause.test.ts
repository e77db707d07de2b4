import { afterEach, beforeEach, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { ticketStatuses, tickets } from "../../db/schema";
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
