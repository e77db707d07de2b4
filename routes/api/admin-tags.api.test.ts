import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { createTestApp, type TestApp } from "../../src/testing/test-app";
import { auditLogs, ticketChanges, tickets, webhookDeliveries } from "../../db/schema";
import { insertTicket } from "../../src/tickets/admin-tickets.fixtures";

let t: TestApp;
beforeEach(async () => (t = await createTestApp()));
afterEach(() => t.close());

const call = async (cookie: string, method: string, path: string, json?: unknown) => {
  const res = await t.request(path, { cookie, method, json });
  return { status: res.status, body: await res.json() };
};
const setTags = (cookie: string, id: number, tags: unknown) =>
  call(cookie, "PUT", `/api/admin/tickets/${id}/tags`, { tags });
const list = async (cookie: string, query: string) =>
  (await call(cookie, "GET", `/api/admin/tickets?${query}`)).body as {
    tickets: { id: number }[];
    total: number;
  };
const ids = (page: { tickets: { id: number }[] }) => page.tickets.map((x) => x.id).sort((a, b) => a - b);
const audits = (action: string) => t.db.select().from(auditLogs).where(eq(auditLogs.action, action)).all();

describe("a ticket's tags", () => {
  test("are created inline, case-insensitive, shown on the ticket, audited and in the change log", async () => {
    const admin = await t.loginAs("admin");
    const a = insertTicket(t).id;
    const b = insertTicket(t).id;
    const first = await setTags(admin, a, ["Printer", "vip", "printer"]);
    expect([first.status, first.body.tags]).toEqual([200, ["Printer", "vip"]]);
    expect((await setTags(admin, b, ["PRINTER"])).body.tags).toEqual(["Printer"]); // the existing spelling
    expect((await call(admin, "GET", `/api/admin/tickets/${a}`)).body.tags).toEqual(["Printer", "vip"]);
    expect(audits("tags_changed").map((x) => x.newValue)).toEqual([
      { tags: ["Printer", "vip"] },
      { tags: ["Printer"] },
    ]);
    const log = t.db.select().from(ticketChanges).where(eq(ticketChanges.ticketId, a)).all();
    expect(log.at(-1)!.fields).toBe("tags");
    const found = (await call(admin, "GET", "/api/admin/tags?q=pri")).body;
    expect(found).toEqual([{ id: expect.any(Number), name: "Printer", color: "gray", tickets: 2 }]);
    expect((await setTags(admin, a, [])).body.tags).toEqual([]);
  });

  test("refuse bad names with a message, and a ticket out of scope answers 404 and changes nothing", async () => {
    const admin = await t.loginAs("admin");
    const staff = await t.loginAs("staff", { allowedDepartments: ["IT"] });
    const hidden = insertTicket(t, { department: "Finance" }).id;
    expect(await setTags(admin, hidden, ["a,b"])).toEqual({
      status: 400,
      body: { message: "A tag cannot contain a comma", errors: { "tags.0": "A tag cannot contain a comma" } },
    });
    expect((await setTags(admin, hidden, ["x".repeat(41)])).status).toBe(400);
    expect(
      (
        await setTags(
          admin,
          hidden,
          Array.from({ length: 21 }, (_, i) => `t${i}`),
        )
      ).status,
    ).toBe(400);
    expect((await setTags(staff, hidden, ["vip"])).status).toBe(404);
    expect(t.db.select().from(tickets).where(eq(tickets.id, hidden)).get()!.tags).toEqual([]);
    expect(audits("tags_changed")).toEqual([]);
  });

  test("a write from a stale view of the ticket is refused", async () => {
    const admin = await t.loginAs("admin");
    const id = insertTicket(t).id;
    const res = await t.request(`/api/admin/tickets/${id}/tags`, {
      cookie: admin,
      method: "PUT",
      json: { tags: ["vip"] },
      headers: { "If-Match": '"99"' },
    });
    expect(res.status).toBe(409);
  });
});

describe("the tag filter", () => {
  test("lists tickets with any or all of several tags, in the URL and in saved views", async () => {
    const admin = await t.loginAs("admin");
    const [a, b, c] = [1, 2, 3].map(() => insertTicket(t).id) as [number, number, number];
    await setTags(admin, a, ["vip", "printer"]);
    await setTags(admin, b, ["VIP"]);
    await setTags(admin, c, ["printer"]);
    expect(ids(await list(admin, "tags=vip"))).toEqual([a, b]);
    expect(ids(await list(admin, "tags=vip,printer"))).toEqual([a, b, c]);
    const all = await list(admin, "tags=Vip,printer&tagsMode=all");
    expect([ids(all), all.total]).toEqual([[a], 1]);
    expect(ids(await list(admin, "tags=unknown"))).toEqual([]);
    const view = await call(admin, "POST", "/api/admin/views", {
      name: "VIP printers",
      filters: { tags: "vip,printer", tagsMode: "all" },
    });
    expect(view.status).toBe(201);
  });

  test("keeps to the staff member's scope", async () => {
    const admin = await t.loginAs("admin");
    const staff = await t.loginAs("staff", { allowedDepartments: ["IT"] });
    const mine = insertTicket(t, { department: "IT" }).id;
    const hidden = insertTicket(t, { department: "Finance" }).id;
    for (const id of [mine, hidden]) await setTags(admin, id, ["vip"]);
    expect(ids(await list(staff, "tags=vip"))).toEqual([mine]);
  });
});

describe("bulk tags", () => {
  test("add and remove tags on many tickets, all or nothing", async () => {
    const admin = await t.loginAs("admin");
    const staff = await t.loginAs("staff", { allowedDepartments: ["IT"] });
    const both = [1, 2].map(() => insertTicket(t, { department: "IT" }).id);
    const hidden = insertTicket(t, { department: "Finance" }).id;
    await setTags(admin, both[0]!, ["old"]);
    const added = await call(admin, "POST", "/api/admin/tickets/bulk", {
      ids: both,
      action: "addTags",
      tags: ["vip"],
    });
    expect(added).toEqual({ status: 200, body: { updated: 2 } });
    expect(ids(await list(admin, "tags=vip"))).toEqual(both);
    const refused = await call(staff, "POST", "/api/admin/tickets/bulk", {
      ids: [...both, hidden],
      action: "removeTags",
      tags: ["vip"],
    });
    expect(refused.status).toBe(404);
    await call(admin, "POST", "/api/admin/tickets/bulk", { ids: both, action: "removeTags", tags: ["VIP"] });
    expect(t.db.select().from(tickets).where(eq(tickets.id, both[0]!)).get()!.tags).toEqual(["old"]);
    expect(ids(await list(admin, "tags=vip"))).toEqual([]);
  });
});

describe("managing tags", () => {
  test("admins rename, recolour and merge; tickets follow; staff get 403", async () => {
    const admin = await t.loginAs("admin");
    const staff = await t.loginAs("staff");
    const a = insertTicket(t).id;
    const b = insertTicket(t).id;
    await setTags(admin, a, ["printr", "vip"]);
    await setTags(admin, b, ["printer"]);
    const all = (await call(admin, "GET", "/api/admin/tags")).body as { id: number; name: string }[];
    const [printr, printer] = ["printr", "printer"].map((n) => all.find((x) => x.name === n));
    expect((await call(staff, "PATCH", `/api/admin/tags/${printr!.id}`, { color: "red" })).status).toBe(403);
    const recoloured = await call(admin, "PATCH", `/api/admin/tags/${printr!.id}`, {
      name: "Printr",
      color: "red",
    });
    expect([recoloured.status, recoloured.body.color]).toEqual([200, "red"]);
    expect((await call(admin, "GET", `/api/admin/tickets/${a}`)).body.tags).toEqual(["Printr", "vip"]);
    const merged = await call(admin, "PATCH", `/api/admin/tags/${printr!.id}`, { name: "PRINTER" });
    expect(merged.body.id).toBe(printer!.id);
    expect((await call(admin, "GET", `/api/admin/tickets/${a}`)).body.tags).toEqual(["printer", "vip"]);
    expect(ids(await list(admin, "tags=printer"))).toEqual([a, b]);
    expect(audits("tag_merged").map((x) => x.newValue)).toEqual([{ name: "printer" }]);
    expect((await call(admin, "DELETE", `/api/admin/tags/${printer!.id}`)).status).toBe(200);
    expect((await call(admin, "GET", `/api/admin/tickets/${b}`)).body.tags).toEqual([]);
    expect((await call(admin, "PATCH", "/api/admin/tags/999", { color: "red" })).status).toBe(404);
    expect((await call(admin, "PATCH", `/api/admin/tags/${printr!.id}`, { color: "nope" })).status).toBe(400);
  });
});

describe("tags in webhooks", () => {
  test("a change of tags is delivered as ticket.changed naming tags, with the ticket's tags", async () => {
    const admin = await t.loginAs("admin");
    const hook = await call(admin, "POST", "/api/admin/webhooks", {
      url: "https://93.184.216.34/hooks/helpdesk",
      events: ["ticket.changed"],
    });
    expect(hook.status).toBe(201);
    const id = insertTicket(t).id;
    await setTags(admin, id, ["vip"]);
    const sent = t.db
      .select()
      .from(webhookDeliveries)
      .all()
      .map((d) => JSON.parse(d.payload));
    expect(sent).toMatchObject([{ ticket: { tags: ["vip"] }, changes: ["tags"] }]);
  });
});
