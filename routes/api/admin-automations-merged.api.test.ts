import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { and, eq } from "drizzle-orm";
import { auditLogs, ticketChanges, tickets } from "../../db/schema";
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
const create = async (name: string, actions: unknown[]) => {
  const json = { name, trigger: { kind: "created" }, conditions: [], actions };
  const res = await t.request(base, { json, cookie: admin });
  expect(res.status).toBe(201);
  return (await res.json()) as { id: number };
};
const ticket = (id: number) => t.db.select().from(tickets).where(eq(tickets.id, id)).get()!;
const runs = async (id: number) =>
  (await (await t.request(`${base}/${id}/runs`, { cookie: admin })).json()) as {
    ticketId: string;
    actions: string[];
    error: string | null;
  }[];
const automationAudits = (ticketId: string) =>
  t.db
    .select()
    .from(auditLogs)
    .where(
      and(
        eq(auditLogs.entityType, "ticket"),
        eq(auditLogs.entityId, ticketId),
        eq(auditLogs.action, "automation"),
      ),
    )
    .all();

describe("automation rules of one write", () => {
  test("automation – two rules set the same field: the later wins, in one update and one audit row, both in their runs", async () => {
    const first = await create("Low first", [{ type: "set_priority", value: "low" }]);
    const second = await create("Then urgent", [{ type: "set_priority", value: "urgent" }]);
    const s = await submit(t, { priority: "high" });
    const row = ticket(s.id);
    expect(row.priority).toBe("urgent");
    expect(row.version).toBe(2);
    const audits = automationAudits(s.ticketId);
    expect(audits.map((a) => [a.oldValue, a.newValue])).toEqual([
      [
        { priority: "high" },
        { rule: "Low first, Then urgent", rules: ["Low first", "Then urgent"], priority: "urgent" },
      ],
    ]);
    expect((await runs(first.id)).map((r) => [r.ticketId, r.actions, r.error])).toEqual([
      [s.ticketId, ["set_priority: low"], null],
    ]);
    expect((await runs(second.id)).map((r) => [r.ticketId, r.actions, r.error])).toEqual([
      [s.ticketId, ["set_priority: urgent"], null],
    ]);
  });

  test("automation – a rule that only sets fields and fails halfway leaves none of its settings", async () => {
    const bad = await create("Half", [
      { type: "set_priority", value: "low" },
      { type: "set_status", value: "nope" },
    ]);
    const s = await submit(t, { priority: "high" });
    expect(ticket(s.id).priority).toBe("high");
    expect(automationAudits(s.ticketId)).toEqual([]);
    expect((await runs(bad.id))[0]!.error).toBe("Invalid status");
  });

  test("automation – a setting before a tag action is written before the tags, and both stand", async () => {
    await create("Low", [{ type: "set_priority", value: "low" }]);
    await create("Tag", [{ type: "add_tags", value: "printer" }]);
    await create("Dept", [{ type: "set_department", value: "HR" }]);
    const s = await submit(t, { priority: "high", department: "IT" });
    const row = ticket(s.id);
    expect([row.priority, row.department, row.tags]).toEqual(["low", "HR", ["printer"]]);
  });

  test("automation – a note after a setting is written after it: the note's change event carries the new department", async () => {
    await create("Dept", [{ type: "set_department", value: "HR" }]);
    await create("Note", [{ type: "add_note", value: "Moved to HR" }]);
    const s = await submit(t, { department: "IT" });
    const events = t.db.select().from(ticketChanges).where(eq(ticketChanges.ticketId, s.id)).all();
    expect(events.filter((e) => e.kind === "note").map((e) => e.department)).toEqual(["HR"]);
  });
});
