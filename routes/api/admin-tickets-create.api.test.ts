import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { mailOutbox, ticketNotes, tickets } from "../../db/schema";
import { createTestApp, type TestApp } from "../../src/testing/test-app";

let t: TestApp;
let admin: string;
beforeEach(async () => {
  t = await createTestApp();
  admin = await t.loginAs("admin");
});
afterEach(() => t.close());

const caller = {
  firstName: "Victor",
  lastName: "Brown",
  email: "victor.brown@example.com",
  phone: "555-222-3333",
  companyId: 1,
  companyName: "Main Office",
  department: "IT",
  ticketType: "IT",
  priority: "high",
  description: "Called in: the laptop will not start after the update",
};
const open = (json: unknown, cookie = admin) =>
  t.request("/api/admin/tickets", { method: "POST", json, cookie });
const mailKinds = (ticketId: number) =>
  t.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.ticketId, ticketId))
    .all()
    .map((m) => m.kind);

describe("POST /api/admin/tickets – tickets opened by staff", () => {
  test("a phone caller's ticket records its channel, the first internal note and queues the requester's confirmation", async () => {
    const res = await open({ ...caller, channel: "phone", note: "Caller was in a hurry" });
    expect(res.status).toBe(201);
    const body = (await res.json()) as { id: number; channel: string; status: string };
    expect(body).toMatchObject({ channel: "phone", status: "open" });
    expect(mailKinds(body.id)).toContain("submitter_confirmation");
    const notes = t.db.select().from(ticketNotes).where(eq(ticketNotes.ticketId, body.id)).all();
    expect(notes.map((n) => [n.note, n.isInternal])).toEqual([["Caller was in a hurry", true]]);
    const got = await t.request(`/api/admin/tickets/${body.id}`, { cookie: admin });
    expect(((await got.json()) as { channel: string }).channel).toBe("phone");
  });

  test("with the confirmation unticked no mail goes to the requester; the channel defaults to staff", async () => {
    const res = await open({ ...caller, notifyRequester: false });
    const body = (await res.json()) as { id: number; channel: string };
    expect(body.channel).toBe("staff");
    expect(mailKinds(body.id)).not.toContain("submitter_confirmation");
  });

  test("validation as on the portal, and an unknown channel, answer 400 and store nothing", async () => {
    for (const [json, field] of [
      [{ ...caller, phone: "123" }, "phone"],
      [{ ...caller, channel: "fax" }, "channel"],
      [{ ...caller, department: "Nowhere" }, "department"],
    ] as const) {
      const res = await open(json);
      expect([field, res.status]).toEqual([field, 400]);
      expect(Object.keys(((await res.json()) as { errors: object }).errors)).toContain(field);
    }
    expect(t.db.select().from(tickets).all()).toEqual([]);
  });

  test("staff may open tickets only inside their own scope", async () => {
    const staff = await t.loginAs("staff", { allowedDepartments: ["IT"] });
    expect((await open({ ...caller, department: "Finance" }, staff)).status).toBe(403);
    expect(t.db.select().from(tickets).all()).toEqual([]);
    expect((await open(caller, staff)).status).toBe(201);
  });

  test("portal tickets keep the portal channel", async () => {
    const res = await t.request("/api/tickets", { method: "POST", json: caller });
    expect(res.status).toBe(201);
    expect(t.db.select({ channel: tickets.channel }).from(tickets).all()).toEqual([{ channel: "portal" }]);
  });
});
