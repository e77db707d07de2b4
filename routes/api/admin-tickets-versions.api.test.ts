import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { createTestApp, type TestApp } from "../../src/testing/test-app";
import { insertTicket } from "../../src/tickets/admin-tickets.fixtures";
import { ADMIN } from "../../src/testing/test-app";

let t: TestApp;
let admin: string;
beforeEach(async () => {
  t = await createTestApp();
  admin = await t.loginAs("admin");
});
afterEach(() => t.close());

type Ticket = { id: number; version: number; status: string; priority: string; assignedTo: string | null };
const write = (method: string, path: string, json: unknown, ifMatch?: string, cookie = admin) =>
  t.request(path, { method, json, cookie, headers: ifMatch ? { "If-Match": ifMatch } : {} });

describe("admin tickets – versions and stale writes", () => {
  test("every change bumps the version; the ticket's ETag is its version", async () => {
    const { id } = insertTicket(t);
    const res = await t.request(`/api/admin/tickets/${id}`, { cookie: admin });
    expect(res.headers.get("etag")).toBe('"1"');
    const after = (await (
      await write("PUT", `/api/admin/tickets/${id}/priority`, { priority: "high" }, '"1"')
    ).json()) as Ticket;
    expect(after.version).toBe(2);
  });

  test("a write from a stale view answers 409 with the current ticket and who changed it, and changes nothing", async () => {
    const { id } = insertTicket(t);
    const other = await t.loginAs("staff", { canViewAllTickets: true });
    expect(
      (await write("PUT", `/api/admin/tickets/${id}/status`, { status: "completed" }, '"1"', other)).status,
    ).toBe(200);
    for (const [method, path, json] of [
      ["PUT", `/api/admin/tickets/${id}/status`, { status: "in_progress" }],
      ["PUT", `/api/admin/tickets/${id}/priority`, { priority: "urgent" }],
      ["PUT", `/api/admin/tickets/${id}/assign`, { assignedTo: null }],
      ["DELETE", `/api/admin/tickets/${id}`, { password: ADMIN.password }],
    ] as const) {
      const res = await write(method, path, json, '"1"');
      expect(res.status).toBe(409);
      const body = (await res.json()) as { message: string; ticket: Ticket; changedBy: { name: string } };
      expect(body.ticket).toMatchObject({ id, status: "completed", priority: "medium", version: 2 });
      expect(body.changedBy.name).toBeTruthy();
    }
    const bulk = await write(
      "POST",
      "/api/admin/tickets/bulk",
      { action: "priority", ids: [id], value: "low" },
      `"${id}:1"`,
    );
    expect(bulk.status).toBe(409);
    const now = (await (await t.request(`/api/admin/tickets/${id}`, { cookie: admin })).json()) as Ticket;
    expect(now).toMatchObject({ status: "completed", priority: "medium", version: 2 });
    // The current version goes through; no If-Match at all works as before.
    expect(
      (
        await write(
          "POST",
          "/api/admin/tickets/bulk",
          { action: "priority", ids: [id], value: "low" },
          `"${id}:2"`,
        )
      ).status,
    ).toBe(200);
    expect((await write("PUT", `/api/admin/tickets/${id}/priority`, { priority: "high" })).status).toBe(200);
  });

  test("a write by another tool bumps the version too, and logs one change", async () => {
    const { id } = insertTicket(t);
    t.sqlite.query("UPDATE tickets SET department = 'Finance' WHERE id = ?").run(id);
    const now = (await (await t.request(`/api/admin/tickets/${id}`, { cookie: admin })).json()) as Ticket;
    expect(now.version).toBe(2);
    const rows = t.sqlite.query("SELECT kind, fields FROM ticket_changes WHERE ticket_id = ?").all(id);
    expect(rows).toEqual([
      { kind: "created", fields: null },
      { kind: "changed", fields: "department" },
    ]);
  });

  test("a malformed If-Match is a 400, not a 500", async () => {
    const { id } = insertTicket(t);
    expect(
      (await write("PUT", `/api/admin/tickets/${id}/priority`, { priority: "high" }, "nonsense")).status,
    ).toBe(400);
  });
});
