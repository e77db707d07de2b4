import { afterEach, beforeEach, expect, test } from "bun:test";
import { createTestApp, type TestApp } from "../../src/testing/test-app";
import { insertTicket } from "../../src/tickets/admin-tickets.fixtures";

let t: TestApp;
let admin: string;
beforeEach(async () => {
  t = await createTestApp();
  admin = await t.loginAs("admin");
});
afterEach(() => t.close());

test("ticket page – the history lists each field change, oldest first, with who made it", async () => {
  const row = insertTicket(t, { department: "IT" });
  const put = (json: unknown) =>
    t.request(`/api/admin/tickets/${row.id}`, { method: "PUT", json, cookie: admin });
  expect((await put({ department: "Finance" })).status).toBe(200);
  expect((await put({ status: "in_progress" })).status).toBe(200);
  const res = await t.request(`/api/admin/tickets/${row.id}/history`, { cookie: admin });
  expect(res.status).toBe(200);
  const events = (await res.json()) as { action: string; by: string; oldValue: unknown; newValue: unknown }[];
  expect(events.map((e) => [e.action, e.oldValue, e.newValue])).toEqual([
    ["updated", { department: "IT" }, { department: "Finance" }],
    ["status_changed", { status: "open" }, { status: "in_progress" }],
  ]);
  expect(events[0]!.by).toBeTruthy();
});

test("ticket page – a ticket changed more often than the history shows lists its latest changes", async () => {
  const row = insertTicket(t, { department: "IT" });
  const audit = t.sqlite.prepare(
    "INSERT INTO audit_logs (action, entity_type, entity_id, new_value, created_at) VALUES ('updated', 'ticket', ?, ?, ?)",
  );
  t.sqlite.transaction(() => {
    for (let i = 1; i <= 520; i++)
      audit.run(row.ticketId, JSON.stringify({ location: `Room ${i}` }), i * 1000);
  })();
  const res = await t.request(`/api/admin/tickets/${row.id}/history`, { cookie: admin });
  const events = (await res.json()) as { newValue: { location: string } }[];
  expect(events.length).toBe(500);
  expect([events[0]!.newValue.location, events.at(-1)!.newValue.location]).toEqual(["Room 21", "Room 520"]);
});

test("ticket page – the requester's other tickets: same e-mail, in scope, not this one", async () => {
  const one = insertTicket(t, { email: "ann@example.com", department: "IT" });
  const two = insertTicket(t, { email: "ann@example.com", department: "IT" });
  insertTicket(t, { email: "ann@example.com", department: "Finance" });
  insertTicket(t, { email: "bob@example.com", department: "IT" });
  const staff = await t.loginAs("staff", { allowedDepartments: ["IT"] });
  const res = await t.request(`/api/admin/tickets/${one.id}/requester-tickets`, { cookie: staff });
  expect(res.status).toBe(200);
  expect(((await res.json()) as { ticketId: string }[]).map((r) => r.ticketId)).toEqual([two.ticketId]);
  const all = await t.request(`/api/admin/tickets/${one.id}/requester-tickets`, { cookie: admin });
  expect(((await all.json()) as unknown[]).length).toBe(2);
});

test("ticket page – a ticket out of scope has no history and no requester list (404)", async () => {
  const finance = insertTicket(t, { department: "Finance" });
  const staff = await t.loginAs("staff", { allowedDepartments: ["IT"] });
  for (const path of ["history", "requester-tickets"]) {
    const res = await t.request(`/api/admin/tickets/${finance.id}/${path}`, { cookie: staff });
    expect(res.status).toBe(404);
  }
});

test("new ticket – requesters by the start of their e-mail, once each, only from tickets in scope", async () => {
  insertTicket(t, { email: "victor.brown@example.com", firstName: "Victor", department: "IT" });
  insertTicket(t, { email: "victor.brown@example.com", firstName: "Victor", department: "IT" });
  insertTicket(t, { email: "victoria@example.com", department: "Finance" });
  insertTicket(t, { email: "ann@example.com", department: "IT" });
  const staff = await t.loginAs("staff", { allowedDepartments: ["IT"] });
  const emails = async (q: string, cookie: string) =>
    ((await (await t.request(`/api/admin/requesters?q=${q}`, { cookie })).json()) as { email: string }[]).map(
      (r) => r.email,
    );
  expect(await emails("vic", admin)).toEqual(["victor.brown@example.com", "victoria@example.com"]);
  expect(await emails("Vic", staff)).toEqual(["victor.brown@example.com"]);
  expect(await emails("%", admin)).toEqual([]);
});
