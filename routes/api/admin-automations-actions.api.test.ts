import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { mailOutbox, tickets, webhookDeliveries, webhooks } from "../../db/schema";
import { customValuesOf } from "../../src/automation/custom-values";
import { createTestApp, type TestApp } from "../../src/testing/test-app";
import { submit } from "../../src/tickets/tickets.fixtures";
import { savePrefs } from "../../src/notifications/preferences";

let t: TestApp;
let admin: string;
beforeEach(async () => {
  t = await createTestApp();
  admin = await t.loginAs("admin");
});
afterEach(() => t.close());

const create = async (actions: unknown[], conditions: unknown[] = []) => {
  const json = { name: "Rule", trigger: { kind: "created" }, conditions, actions };
  const res = await t.request("/api/admin/automations", { json, cookie: admin });
  expect(res.status).toBe(201);
  return (await res.json()) as { id: number };
};
const ticket = (id: number) => t.db.select().from(tickets).where(eq(tickets.id, id)).get()!;
const runErrors = async (id: number) =>
  (
    (await (await t.request(`/api/admin/automations/${id}/runs`, { cookie: admin })).json()) as {
      error: string | null;
    }[]
  ).map((r) => r.error);

describe("automation actions", () => {
  test("round robin takes the department's active agents in turn and skips the suspended", async () => {
    const agent = (email: string, status: "active" | "suspended" = "active", allowedDepartments = ["HR"]) =>
      t.createUser({ email, status, allowedDepartments });
    const a = await agent("a@example.com");
    await agent("s@example.com", "suspended");
    const b = await agent("b@example.com");
    await agent("it@example.com", "active", ["IT"]);
    await create([{ type: "assign_round_robin", value: "HR" }]);
    const picks = [];
    for (let i = 0; i < 4; i++) picks.push(ticket((await submit(t)).id).assignedTo);
    expect(picks).toEqual([a.id, b.id, a.id, b.id].map(String));
  });

  test("round robin and least loaded skip an agent who is away", async () => {
    const a = await t.createUser({ email: "a@example.com", allowedDepartments: ["HR"] });
    const b = await t.createUser({ email: "b@example.com", allowedDepartments: ["HR"] });
    savePrefs(t.db, a.id, { awayFrom: "2000-01-01", awayUntil: "2999-12-31", deputyId: null });
    await create([{ type: "assign_round_robin", value: "HR" }]);
    expect(ticket((await submit(t)).id).assignedTo).toBe(String(b.id));
    expect(ticket((await submit(t)).id).assignedTo).toBe(String(b.id));
  });

  test("least loaded picks the agent with the fewest unfinished tickets; none in the department fails the rule only", async () => {
    const a = await t.createUser({ email: "a@example.com", allowedDepartments: ["IT"] });
    const b = await t.createUser({ email: "b@example.com", allowedDepartments: ["IT"] });
    const busy = await submit(t);
    t.db
      .update(tickets)
      .set({ assignedTo: String(a.id) })
      .where(eq(tickets.id, busy.id))
      .run();
    await create([{ type: "assign_least_loaded", value: "" }]); // empty: the ticket's own department
    expect(ticket((await submit(t)).id).assignedTo).toBe(String(b.id));
    const none = await create([{ type: "assign_least_loaded", value: "Nobody here" }]);
    const next = await submit(t);
    expect(ticket(next.id).id).toBe(next.id); // the submission stands
    expect(await runErrors(none.id)).toEqual(["No active agent in Nobody here"]);
  });

  test("tags, a custom field, an e-mail to an address and a webhook event, all in the submit", async () => {
    const field = await t.request("/api/admin/custom-fields", {
      json: { key: "site", label: "Site", kind: "select", options: [{ label: "North" }, { label: "South" }] },
      cookie: admin,
    });
    expect(field.status).toBe(201);
    const hook = t.db
      .insert(webhooks)
      .values({
        url: "https://hooks.example.com/x",
        events: "ticket.rated",
        secret: "whsec_x",
        active: true,
        createdAt: new Date(),
        updatedAt: new Date(),
      })
      .returning()
      .get();
    await create(
      [
        { type: "add_tags", value: "supplies, urgent-order" },
        { type: "set_field", target: "site", value: "south" },
        {
          type: "send_email",
          target: "lead@example.com",
          subject: "New {{ticketType}} ticket",
          value: "See {{ticketId}}.",
        },
        { type: "call_webhook", value: String(hook.id) },
      ],
      [{ field: "ticketType", op: "is", value: "Supplies" }],
    );
    const s = await submit(t, { ticketType: "Supplies" });
    expect(ticket(s.id).tags).toEqual(["supplies", "urgent-order"]);
    expect(customValuesOf(t.db, s.id)).toEqual({ site: ["South"] });
    const mail = t.db.select().from(mailOutbox).where(eq(mailOutbox.recipients, "lead@example.com")).all();
    expect(mail.map((m) => [m.kind, m.subject, m.linkTicketId])).toEqual([
      ["automation", "New Supplies ticket", null],
    ]);
    expect(mail[0]!.textBody).toContain(`See ${s.ticketId}.`);
    const events = t.db.select().from(webhookDeliveries).all();
    expect(events.map((e) => [e.event, JSON.parse(e.payload).ticket.ticketId])).toEqual([
      ["automation.fired", s.ticketId],
    ]);
  });

  test("conditions on tags, channel and a custom field", async () => {
    await t.request("/api/admin/custom-fields", {
      json: { key: "seats", label: "Seats", kind: "number" },
      cookie: admin,
    });
    const tagged = await create(
      [{ type: "add_tags", value: "vip" }],
      [{ field: "channel", op: "is", value: "portal" }],
    );
    const json = {
      name: "VIP seats",
      trigger: { kind: "changed", field: "priority" },
      conditions: [
        { field: "tags", op: "is", value: "VIP" },
        { field: "cf.seats", op: "is", value: "12" },
      ],
      actions: [{ type: "add_note", value: "Big VIP order" }],
    };
    const vip = await t.request("/api/admin/automations", { json, cookie: admin });
    expect(vip.status).toBe(201);
    const s = await submit(t, { customFields: { seats: 12 } });
    const other = await submit(t, { customFields: { seats: 3 } });
    expect(ticket(s.id).tags).toEqual(["vip"]);
    for (const id of [s.id, other.id])
      await t.request(`/api/admin/tickets/${id}/priority`, {
        method: "PUT",
        json: { priority: "low" },
        cookie: admin,
      });
    const runs = async (id: number) =>
      (await (await t.request(`/api/admin/automations/${id}/runs`, { cookie: admin })).json()) as {
        ticketId: string;
      }[];
    expect((await runs(((await vip.json()) as { id: number }).id)).map((r) => r.ticketId)).toEqual([
      s.ticketId,
    ]);
    expect((await runs(tagged.id)).length).toBe(2);
  });
});
