import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { ticketNotes, tickets } from "../../db/schema";
import { createTestApp, type TestApp } from "../../src/testing/test-app";
import { submit } from "../../src/tickets/tickets.fixtures";

let t: TestApp;
let admin: string;
beforeEach(async () => {
  t = await createTestApp();
  admin = await t.loginAs("admin");
});
afterEach(() => t.close());

const base = "/api/admin/automations";
const rule = (over: Record<string, unknown> = {}) => ({
  name: "Supplies to Dana",
  trigger: { kind: "created" },
  conditions: [{ field: "ticketType", op: "is", value: "Supplies" }],
  actions: [{ type: "add_note", value: "Routed by rule" }],
  ...over,
});
const create = async (over: Record<string, unknown> = {}) => {
  const res = await t.request(base, { json: rule(over), cookie: admin });
  expect(res.status).toBe(201);
  return (await res.json()) as { id: number };
};
const ticket = (id: number) => t.db.select().from(tickets).where(eq(tickets.id, id)).get()!;
const runs = async (id: number) =>
  (await (await t.request(`${base}/${id}/runs`, { cookie: admin })).json()) as {
    ticketId: string;
    error: string | null;
  }[];

describe("automation api", () => {
  test("automation – staff get 403 and anonymous callers 401", async () => {
    const staff = await t.loginAs("staff");
    for (const [method, path, json] of [
      ["GET", base],
      ["POST", base, rule()],
      ["POST", `${base}/dry-run`, rule()],
      ["PUT", `${base}/1`, rule()],
      ["DELETE", `${base}/1`],
      ["GET", `${base}/1/runs`],
    ] as const) {
      expect((await t.request(path, { method, json, cookie: staff })).status).toBe(403);
      expect((await t.request(path, { method, json })).status).toBe(401);
    }
  });

  test("automation – a created rule assigns a Supplies ticket and notes it, in the submit itself", async () => {
    const dana = await t.createUser({ email: "dana@example.com", firstName: "Dana" });
    const r = await create({
      actions: [
        { type: "set_assignee", value: String(dana.id) },
        { type: "add_note", value: "Supplies go to Dana" },
      ],
    });
    const supplies = await submit(t, { ticketType: "Supplies" });
    const other = await submit(t, { ticketType: "IT" });
    expect(ticket(supplies.id).assignedTo).toBe(String(dana.id));
    expect(ticket(other.id).assignedTo).toBeNull();
    const notes = t.db.select().from(ticketNotes).where(eq(ticketNotes.ticketId, supplies.id)).all();
    expect(notes.map((n) => [n.note, n.isInternal])).toEqual([["Supplies go to Dana", true]]);
    expect((await runs(r.id)).map((x) => x.ticketId)).toEqual([supplies.ticketId]);
  });

  test("automation – a changed rule with from/to fires on that change only", async () => {
    await create({
      name: "Urgent when reopened",
      trigger: { kind: "changed", field: "status", from: "completed", to: "open" },
      conditions: [],
      actions: [{ type: "set_priority", value: "urgent" }],
    });
    const { id } = await submit(t);
    const put = (status: string) =>
      t.request(`/api/admin/tickets/${id}/status`, { method: "PUT", json: { status }, cookie: admin });
    expect((await put("in_progress")).status).toBe(200);
    expect(ticket(id).priority).toBe("high");
    await put("completed");
    const res = await put("open");
    expect(((await res.json()) as { priority: string }).priority).toBe("urgent");
    expect(ticket(id).priority).toBe("urgent");
  });

  test("automation – a requester's reply runs the requester-replied rules, a staff note does not", async () => {
    await create({
      name: "Reopen on reply",
      trigger: { kind: "requester_replied" },
      conditions: [{ field: "status", op: "is", value: "completed" }],
      actions: [{ type: "set_status", value: "open" }],
    });
    const { id } = await submit(t);
    const staffNote = { note: "Done on our side", isInternal: false };
    await t.request(`/api/admin/tickets/${id}/status`, {
      method: "PUT",
      json: { status: "completed" },
      cookie: admin,
    });
    expect(
      (await t.request(`/api/admin/tickets/${id}/notes`, { json: staffNote, cookie: admin })).status,
    ).toBe(201);
    expect(ticket(id).status).toBe("completed");
    const reply = {
      note: "It broke again this morning",
      userName: "Jane",
      userEmail: "jane.doe@example.com",
    };
    expect((await t.request(`/api/tickets/${id}/notes`, { json: reply })).status).toBe(201);
    expect(ticket(id).status).toBe("open");
  });

  test("automation – a failing rule is logged and skipped, the ticket and later rules stand", async () => {
    const bad = await create({
      name: "Bad",
      actions: [
        { type: "add_note", value: "first" },
        { type: "set_status", value: "nope" },
      ],
    });
    await create({ name: "Good", actions: [{ type: "set_priority", value: "low" }] });
    const s = await submit(t, { ticketType: "Supplies" });
    expect(ticket(s.id).priority).toBe("low");
    expect(t.db.select().from(ticketNotes).where(eq(ticketNotes.ticketId, s.id)).all()).toEqual([]);
    expect((await runs(bad.id))[0]!.error).toBe("Invalid status");
  });

  test("automation – the loop guard lets each rule fire once per write and reports the second match", async () => {
    const ping = await create({
      name: "Ping",
      trigger: { kind: "changed", field: "priority" },
      conditions: [{ field: "priority", op: "is", value: "low" }],
      actions: [{ type: "set_priority", value: "urgent" }],
    });
    await create({
      name: "Pong",
      trigger: { kind: "changed", field: "priority" },
      conditions: [{ field: "priority", op: "is", value: "urgent" }],
      actions: [{ type: "set_priority", value: "low" }],
    });
    const { id } = await submit(t);
    const res = await t.request(`/api/admin/tickets/${id}/priority`, {
      method: "PUT",
      json: { priority: "low" },
      cookie: admin,
    });
    expect(res.status).toBe(200);
    expect(ticket(id).priority).toBe("low");
    const pingRuns = await runs(ping.id);
    expect(pingRuns.map((r) => r.error)).toEqual([expect.stringContaining("Loop stopped"), null]);
  });

  test("automation – the dry run lists matching recent tickets and writes nothing", async () => {
    const a = await submit(t, { ticketType: "Supplies" });
    await submit(t, { ticketType: "IT" });
    const res = await t.request(`${base}/dry-run`, {
      json: rule({ actions: [{ type: "set_priority", value: "low" }] }),
      cookie: admin,
    });
    expect(await res.json()).toEqual({
      checked: 2,
      matches: [{ ticketId: a.ticketId, actions: ["set_priority: low"] }],
    });
    expect(ticket(a.id).priority).toBe("high");
    expect((await (await t.request(base, { cookie: admin })).json()) as unknown[]).toEqual([]);
  });

  test("automation – rules are edited in place and deleted; an unknown rule is 404", async () => {
    const r = await create();
    const put = await t.request(`${base}/${r.id}`, {
      method: "PUT",
      json: rule({ name: "Renamed", active: false }),
      cookie: admin,
    });
    expect(((await put.json()) as { name: string }).name).toBe("Renamed");
    const s = await submit(t, { ticketType: "Supplies" });
    expect(t.db.select().from(ticketNotes).where(eq(ticketNotes.ticketId, s.id)).all()).toEqual([]);
    expect((await t.request(`${base}/${r.id}`, { method: "DELETE", cookie: admin })).status).toBe(200);
    expect((await t.request(`${base}/${r.id}`, { method: "DELETE", cookie: admin })).status).toBe(404);
  });
});
