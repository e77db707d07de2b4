import { afterEach, expect, test } from "bun:test";
import { auditLogs } from "../../db/schema";
import { createTestApp, type TestApp } from "../../src/testing/test-app";
import { submit } from "../../src/tickets/tickets.fixtures";

let t: TestApp;
afterEach(() => t.close());

test("id prefix – new tickets are HD-…, WI- tickets made before still open by number, page and search", async () => {
  t = await createTestApp({ env: { PUBLIC_TRACKING: "open" } });
  const admin = await t.loginAs("admin");
  const staff = await t.loginAs("staff");
  const year = t.deps.now().getFullYear();
  const old = await submit(t);
  expect(old.ticketId).toBe(`WI-${year}-001`);
  const put = (cookie: string, prefix: string) =>
    t.request("/api/admin/portal/id-prefix", { method: "PUT", json: { prefix }, cookie });
  expect((await put(staff, "HD")).status).toBe(403);
  const bad = await put(admin, "H-1");
  expect([bad.status, (await bad.json()).message]).toEqual([
    400,
    "The prefix is 1 to 5 letters, like WI or HD",
  ]);
  expect(await (await put(admin, "hd")).json()).toEqual({ prefix: "HD" });
  expect(JSON.stringify(t.db.select().from(auditLogs).all().at(-1)!.newValue)).toContain('"idPrefix":"HD"');

  const next = await submit(t);
  expect(next.ticketId).toBe(`HD-${year}-002`);
  for (const ticketId of [old.ticketId, next.ticketId]) {
    const found = await t.request("/api/tickets/search", { json: { type: "ticketId", query: ticketId } });
    expect((await found.json()).tickets.map((x: { ticketId: string }) => x.ticketId)).toEqual([ticketId]);
    expect((await t.request(`/admin/tickets/${ticketId}`, { cookie: admin })).status).toBe(200);
    const byId = await t.request(`/api/admin/tickets/by-ticket-id/${ticketId}`, { cookie: admin });
    expect(byId.status).toBe(200);
  }
});
