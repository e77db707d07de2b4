import { afterEach, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { mailOutbox, tickets } from "../../db/schema";
import { runTimeRules } from "../../src/automation/time-rules";
import { saveServiceLevelSettings } from "../../src/service-levels/sla-settings";
import { DEFAULT_TARGETS, defaultCalendar } from "../../src/service-levels/targets";
import { createTestApp, type TestApp } from "../../src/testing/test-app";
import { submit } from "../../src/tickets/tickets.fixtures";

let t: TestApp;
afterEach(() => t.close());
const base = "/api/admin/automations";
type Preset = { key: string; rules: Record<string, unknown>[] };

test("presets – filled with the admin's choices, saved as rules; escalation mails 30 minutes before the breach", async () => {
  let clock = new Date("2026-03-02T09:00:00Z"); // Monday; urgent tickets are due in 4 business hours
  t = await createTestApp({ now: () => clock });
  saveServiceLevelSettings(
    t.db,
    { ...defaultCalendar("UTC"), holidays: [], targets: DEFAULT_TARGETS },
    clock,
  );
  const admin = await t.loginAs("admin");
  const staff = await t.loginAs("staff");
  expect((await t.request(`${base}/presets`, { cookie: staff })).status).toBe(403);
  const res = await t.request(`${base}/presets?days=6&status=in_progress&address=lead@example.com`, {
    cookie: admin,
  });
  const list = (await res.json()) as Preset[];
  expect(list.map((p) => p.key)).toEqual(["auto-close", "escalate-urgent", "round-robin"]);
  const close = list[0]!.rules.map((r) => (r.trigger as { amount: number }).amount);
  expect(close).toEqual([4, 6]); // the reminder two business days before the close
  for (const rule of list[1]!.rules)
    expect((await t.request(base, { json: rule, cookie: admin })).status).toBe(201);
  const urgent = await submit(t, { priority: "urgent" });
  await submit(t, { priority: "low" });
  const pass = async (iso: string) => {
    clock = new Date(iso);
    return runTimeRules({
      db: t.db,
      now: clock,
      env: { mail: { env: { from: "desk@example.com" }, canReply: false } },
    });
  };
  const escalations = () =>
    t.db.select().from(mailOutbox).where(eq(mailOutbox.recipients, "lead@example.com")).all();
  expect(await pass("2026-03-02T12:20:00Z")).toBe(0);
  expect(await pass("2026-03-02T12:31:00Z")).toBe(1);
  expect(await pass("2026-03-02T12:45:00Z")).toBe(0);
  expect(escalations().map((m) => m.subject)).toEqual([
    `[${urgent.ticketId}] Urgent ticket close to breaching`,
  ]);
  expect(t.db.select().from(tickets).where(eq(tickets.id, urgent.id)).get()!.priority).toBe("urgent");
});

test("order – rules run in the order saved; a list that misses a rule is refused", async () => {
  t = await createTestApp();
  const admin = await t.loginAs("admin");
  const ids: number[] = [];
  for (const priority of ["low", "urgent"]) {
    const json = {
      name: `Set ${priority}`,
      trigger: { kind: "created" },
      conditions: [],
      actions: [{ type: "set_priority", value: priority }],
    };
    ids.push(((await (await t.request(base, { json, cookie: admin })).json()) as { id: number }).id);
  }
  const order = (list: number[]) =>
    t.request(`${base}/order`, { method: "PUT", json: { ids: list }, cookie: admin });
  expect((await order([ids[1]!])).status).toBe(400);
  expect((await order([...ids].reverse())).status).toBe(200);
  const { id } = await submit(t);
  expect(t.db.select().from(tickets).where(eq(tickets.id, id)).get()!.priority).toBe("low"); // the last one wins
});
