import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { auditLogs, companies, mailOutbox } from "../../db/schema";
import { createTestApp, type TestApp } from "../../src/testing/test-app";
import { insertTicket } from "../../src/tickets/admin-tickets.fixtures";

let t: TestApp;
let admin: string;
beforeEach(async () => {
  t = await createTestApp();
  admin = await t.loginAs("admin");
});
afterEach(() => t.close());

const put = (id: number, json: unknown, cookie = admin, ifMatch?: string) =>
  t.request(`/api/admin/tickets/${id}`, {
    method: "PUT",
    json,
    cookie,
    headers: ifMatch ? { "If-Match": ifMatch } : {},
  });
const auditOf = (ticketId: string) =>
  t.db
    .select()
    .from(auditLogs)
    .where(eq(auditLogs.entityId, ticketId))
    .all()
    .map((r) => [r.action, r.oldValue, r.newValue]);

describe("PUT /api/admin/tickets/:id – every field editable", () => {
  test("each field changes, with one audit row per field (old → new), in one write", async () => {
    const row = insertTicket(t, { location: "Floor 2" });
    const company = t.db.insert(companies).values({ name: "North Branch" }).returning().get();
    const res = await put(row.id, {
      department: "Finance",
      ticketType: "Licensing",
      companyId: company.id,
      location: "Floor 3",
      description: "The scanner on floor three is jammed",
      priority: "high",
      status: "in_progress",
      firstName: "Janet",
      lastName: "Dole",
      email: "Janet.Dole@Example.com",
      phone: "555-987-6543",
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as Record<string, unknown>;
    expect(body).toMatchObject({
      department: "Finance",
      ticketType: "Licensing",
      companyId: company.id,
      companyName: "North Branch",
      location: "Floor 3",
      priority: "high",
      status: "in_progress",
      email: "janet.dole@example.com",
      phone: "555-987-6543",
      version: row.version + 1,
    });
    expect(body.processedAt).toBeTruthy();
    const audit = auditOf(row.ticketId);
    expect(audit).toContainEqual(["updated", { department: "IT" }, { department: "Finance" }]);
    expect(audit).toContainEqual([
      "updated",
      { companyName: "Main Office" },
      { companyName: "North Branch" },
    ]);
    expect(audit).toContainEqual(["status_changed", { status: "open" }, { status: "in_progress" }]);
    expect(audit).toContainEqual(["updated", { phone: "555-123-4567" }, { phone: "555-987-6543" }]);
    expect(audit.length).toBe(11);
  });

  test("an unchanged value writes no audit row and no new version", async () => {
    const row = insertTicket(t);
    const res = await put(row.id, { department: "IT", priority: "medium" });
    expect(((await res.json()) as { version: number }).version).toBe(row.version);
    expect(auditOf(row.ticketId)).toEqual([]);
  });

  test("validation as on the portal: messages per field, nothing written", async () => {
    const row = insertTicket(t);
    for (const [json, field, message] of [
      [{ phone: "12345" }, "phone", "Phone number must be in the format XXX-XXX-XXXX"],
      [{ email: "nope" }, "email", "Please enter a valid email address"],
      [{ description: "short" }, "description", "Description must be at least 10 characters"],
      [{ department: "Nowhere" }, "department", "Department is required"],
      [{ ticketType: "Nothing" }, "ticketType", "Ticket type is required"],
      [{ companyId: 999 }, "companyId", "Company must be selected"],
      [{ status: "bogus" }, "status", "Invalid status"],
      [{ assignedTo: 999 }, "assignedTo", "User not found"],
    ] as const) {
      const res = await put(row.id, json);
      expect([field, res.status]).toEqual([field, 400]);
      expect(((await res.json()) as { errors: Record<string, string> }).errors[field]).toBe(message);
    }
    expect((await put(row.id, {})).status).toBe(400);
    expect(auditOf(row.ticketId)).toEqual([]);
  });

  test("a stale If-Match answers 409 and changes nothing", async () => {
    const row = insertTicket(t);
    expect((await put(row.id, { priority: "low" }, admin, '"1"')).status).toBe(200);
    const res = await put(row.id, { department: "Finance" }, admin, '"1"');
    expect(res.status).toBe(409);
    const now = (await (await t.request(`/api/admin/tickets/${row.id}`, { cookie: admin })).json()) as {
      department: string;
    };
    expect(now.department).toBe("IT");
  });

  test("scope: out of scope is 404; a ticket moved out of the editor's scope answers 404 to them afterwards", async () => {
    const hidden = insertTicket(t, { department: "Finance" });
    const mine = insertTicket(t, { department: "IT" });
    const staff = await t.loginAs("staff", { allowedDepartments: ["IT"] });
    expect((await put(hidden.id, { priority: "high" }, staff)).status).toBe(404);
    expect((await put(mine.id, { department: "Finance" }, staff)).status).toBe(200);
    expect((await t.request(`/api/admin/tickets/${mine.id}`, { cookie: staff })).status).toBe(404);
    expect((await put(mine.id, { department: "IT" }, staff)).status).toBe(404);
  });

  test("a status change to completed queues the requester's mail as the status route does", async () => {
    const row = insertTicket(t);
    expect(
      (await put(row.id, { status: "completed", description: "Fixed: the tray was stuck" })).status,
    ).toBe(200);
    const kinds = t.db
      .select()
      .from(mailOutbox)
      .all()
      .map((m) => m.kind);
    expect(kinds).toContain("requester_status");
  });

  test("tags are a field like the others, and an edit fires the 'changed' automation rules", async () => {
    const row = insertTicket(t, { department: "IT" });
    const rule = await t.request("/api/admin/automations", {
      cookie: admin,
      json: {
        name: "Finance is urgent",
        trigger: { kind: "changed", field: "department" },
        conditions: [{ field: "department", op: "is", value: "Finance" }],
        actions: [{ type: "set_priority", value: "urgent" }],
      },
    });
    expect(rule.status).toBe(201);
    const res = await put(row.id, { department: "Finance", tags: ["VIP", "printer"] });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      department: "Finance",
      priority: "urgent",
      tags: ["VIP", "printer"],
    });
    const tagged = await t.request("/api/admin/tickets?tags=vip", { cookie: admin });
    expect(((await tagged.json()) as { tickets: { id: number }[] }).tickets.map((x) => x.id)).toEqual([
      row.id,
    ]);
    expect((await put(row.id, { tags: ["a".repeat(100)] })).status).toBe(400);
  });
});

describe("PUT /api/admin/tickets/:id – saves arriving together", () => {
  test("share one commit, and a stale save among them fails alone", async () => {
    const rows = Array.from({ length: 6 }, () => insertTicket(t));
    const before = { ...t.deps.groupCommit.stats };
    const stale = `"${rows[0]!.version + 5}"`;
    const answers = await Promise.all([
      put(rows[0]!.id, { location: "Stale" }, admin, stale),
      ...rows.slice(1).map((r, i) => put(r.id, { location: `Room ${i}` })),
    ]);
    expect(answers.map((r) => r.status)).toEqual([409, 200, 200, 200, 200, 200]);
    expect(t.deps.groupCommit.stats.writes - before.writes).toBe(6);
    expect(t.deps.groupCommit.stats.commits - before.commits).toBeLessThan(6);
    expect(auditOf(rows[0]!.ticketId)).toEqual([]);
    expect(auditOf(rows[3]!.ticketId)).toEqual([["updated", { location: null }, { location: "Room 2" }]]);
  });
});
