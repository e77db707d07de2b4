import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { createTestApp, type TestApp } from "../../src/testing/test-app";
import { auditLogs, tickets } from "../../db/schema";
import { insertTicket } from "../../src/tickets/admin-tickets.fixtures";

let t: TestApp;
beforeEach(async () => (t = await createTestApp()));
afterEach(() => t.close());

const call = async (cookie: string, method: string, path: string, json?: unknown) => {
  const res = await t.request(path, { cookie, method, json });
  return { status: res.status, body: await res.json() };
};
const BASE = "/api/admin/saved-replies";
const reply = (over: Record<string, unknown> = {}) => ({
  title: "Printer fixed",
  body: "Hello {{requester.firstName}}, {{ticket.id}} is fixed. {{agent.name}}",
  ...over,
});

describe("saved replies", () => {
  test("unknown placeholders are refused on save, naming them", async () => {
    const staff = await t.loginAs("staff");
    const res = await call(
      staff,
      "POST",
      BASE,
      reply({ body: "Hi {{requester.first}} and {{ticket.nope}} {{ticket.id}}" }),
    );
    expect(res).toEqual({
      status: 400,
      body: {
        message: "Unknown placeholders: {{requester.first}}, {{ticket.nope}}",
        errors: { body: "Unknown placeholders: {{requester.first}}, {{ticket.nope}}" },
      },
    });
    expect((await call(staff, "POST", BASE, reply({ title: "" }))).status).toBe(400);
    expect((await call(staff, "POST", BASE, reply({ status: "nope" }))).status).toBe(400);
  });

  test("personal replies are their owner's; shared ones everyone's, managed by admins; all audited", async () => {
    const admin = await t.loginAs("admin");
    const staff = await t.loginAs("staff");
    const other = await t.loginAs("staff", { email: "other@example.com" });
    expect((await call(staff, "POST", BASE, reply({ shared: true }))).status).toBe(403);
    const mine = (await call(staff, "POST", BASE, reply({ title: "Mine" }))).body;
    const shared = (await call(admin, "POST", BASE, reply({ title: "Welcome", shared: true }))).body;
    expect((await call(staff, "GET", BASE)).body.map((r: { title: string }) => r.title)).toEqual([
      "Mine",
      "Welcome",
    ]);
    expect((await call(other, "GET", BASE)).body.map((r: { title: string }) => r.title)).toEqual(["Welcome"]);
    expect((await call(staff, "GET", `${BASE}?q=welc`)).body.map((r: { title: string }) => r.title)).toEqual([
      "Welcome",
    ]);
    expect((await call(other, "PUT", `${BASE}/${mine.id}`, reply())).status).toBe(404);
    expect((await call(staff, "PUT", `${BASE}/${shared.id}`, reply({ shared: true }))).status).toBe(403);
    expect((await call(staff, "DELETE", `${BASE}/${shared.id}`)).status).toBe(403);
    expect((await call(staff, "PUT", `${BASE}/${mine.id}`, reply({ title: "Mine too" }))).body.title).toBe(
      "Mine too",
    );
    expect((await call(staff, "DELETE", `${BASE}/${mine.id}`)).status).toBe(200);
    const actions = t.db
      .select()
      .from(auditLogs)
      .all()
      .map((a) => a.action)
      .filter((a) => a.startsWith("saved_reply"));
    expect(actions).toEqual([
      "saved_reply_created",
      "saved_reply_created",
      "saved_reply_updated",
      "saved_reply_deleted",
    ]);
  });

  test("using one fills its placeholders for the ticket and agent, sets its status and tags, counts the use", async () => {
    const admin = await t.loginAs("admin");
    const staff = await t.loginAs("staff", {
      firstName: "Sam",
      allowedDepartments: ["IT"],
    });
    const mine = insertTicket(t, { firstName: "Jane", department: "IT" });
    const hidden = insertTicket(t, { department: "Finance" });
    const macro = (
      await call(admin, "POST", BASE, reply({ shared: true, status: "in_progress", tags: ["printer"] }))
    ).body;
    const used = await call(staff, "POST", `${BASE}/${macro.id}/use`, { ticketId: mine.id });
    expect(used.status).toBe(200);
    expect(used.body.text).toBe(`Hello Jane, ${mine.ticketId} is fixed. Sam User`);
    expect([used.body.ticket.status, used.body.ticket.tags]).toEqual(["in_progress", ["printer"]]);
    const row = t.db.select().from(tickets).where(eq(tickets.id, mine.id)).get()!;
    expect([row.status, row.processedAt !== null, row.tags]).toEqual(["in_progress", true, ["printer"]]);
    expect((await call(staff, "GET", BASE)).body[0].usageCount).toBe(1);
    const refused = await call(staff, "POST", `${BASE}/${macro.id}/use`, { ticketId: hidden.id });
    expect(refused.status).toBe(404);
    expect((await call(staff, "GET", BASE)).body[0].usageCount).toBe(1); // nothing counted, nothing changed
    expect(t.db.select().from(tickets).where(eq(tickets.id, hidden.id)).get()!.tags).toEqual([]);
  });
});
