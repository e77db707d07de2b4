import { afterEach, describe, expect, test } from "bun:test";
import { auditLogs, tickets } from "../../db/schema";
import { createTestApp, type TestApp } from "../../src/testing/test-app";
import { submit, validTicket } from "../../src/tickets/tickets.fixtures";

let t: TestApp;
afterEach(() => t.close());

const setRules = (cookie: string, json: unknown) =>
  t.request("/api/admin/portal/phone", { method: "PUT", json, cookie });
const search = (query: string) => t.request("/api/tickets/search", { json: { type: "phone", query } });

describe("phone numbers – Settings → Portal", () => {
  test("admins set the default country and whether a phone is required, audited; staff get 403", async () => {
    t = await createTestApp({ env: { PUBLIC_TRACKING: "open" } });
    const admin = await t.loginAs("admin");
    const staff = await t.loginAs("staff");
    expect(await (await t.request("/api/admin/portal/phone", { cookie: admin })).json()).toEqual({
      country: "US",
      required: true,
    });
    expect((await setRules(staff, { country: "SE", required: false })).status).toBe(403);
    expect((await setRules(admin, { country: "XX", required: false })).status).toBe(400);
    const res = await setRules(admin, { country: "SE", required: false });
    expect(await res.json()).toEqual({ country: "SE", required: false });
    const audit = t.db.select().from(auditLogs).all().at(-1)!;
    expect(JSON.stringify(audit.newValue)).toContain('"country":"SE"');
    // not required: a ticket without a phone is taken
    expect((await t.request("/api/tickets", { json: validTicket({ phone: "" }) })).status).toBe(201);
  });

  test("a Swedish number is stored as typed and in E.164, and found by a search in another format", async () => {
    t = await createTestApp({ env: { PUBLIC_TRACKING: "open" } });
    const admin = await t.loginAs("admin");
    await setRules(admin, { country: "SE", required: true });
    const { id } = await submit(t, { phone: "08-123 456 78" });
    const row = t.db
      .select()
      .from(tickets)
      .all()
      .find((r) => r.id === id)!;
    expect([row.phone, row.phoneE164]).toEqual(["08-123 456 78", "+46812345678"]);
    for (const q of ["+46 8 123 456 78", "0812345678", "+46812345678"]) {
      const found = (await (await search(q)).json()).tickets;
      expect(found.map((f: { id: number }) => f.id)).toEqual([id]);
    }
    expect((await (await search("+49 30 1234567")).json()).tickets).toEqual([]);
  });

  test("an invalid number answers 400 with a message saying what to type, and stores nothing", async () => {
    t = await createTestApp();
    const admin = await t.loginAs("admin");
    await setRules(admin, { country: "DE", required: true });
    const res = await t.request("/api/tickets", { json: validTicket({ phone: "12" }) });
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.errors.phone).toBe(
      "Enter a valid Germany number, or another country's number starting with + and its code",
    );
    expect(t.db.select().from(tickets).all()).toEqual([]);
    expect((await t.request("/api/tickets", { json: validTicket({ phone: "" }) })).status).toBe(400);
  });
});
