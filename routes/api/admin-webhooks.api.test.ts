import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { webhookDeliveries, webhooks } from "../../db/schema";
import { auditRows, expectAudit } from "../../src/testing/expect-audit";
import { createTestApp, type TestApp } from "../../src/testing/test-app";
import { submit } from "../../src/tickets/tickets.fixtures";

let t: TestApp;
let admin: string;
beforeEach(async () => {
  t = await createTestApp();
  admin = await t.loginAs("admin");
});
afterEach(() => t.close());

const base = "/api/admin/webhooks";
const hook = (over: Record<string, unknown> = {}) => ({
  url: "https://93.184.216.34/hooks/helpdesk",
  events: ["ticket.created", "ticket.changed", "note.added"],
  ...over,
});
const create = async (over: Record<string, unknown> = {}) => {
  const res = await t.request(base, { json: hook(over), cookie: admin });
  expect(res.status).toBe(201);
  return (await res.json()) as { id: number; secret: string };
};

describe("webhooks api", () => {
  test("webhooks – staff get 403 and anonymous callers 401 on every route", async () => {
    const staff = await t.loginAs("staff");
    const routes = [
      ["GET", base],
      ["POST", base, hook()],
      ["PUT", `${base}/1`, hook()],
      ["DELETE", `${base}/1`],
      ["POST", `${base}/1/rotate-secret`],
      ["POST", `${base}/1/test`],
      ["GET", `${base}/1/deliveries`],
    ] as const;
    for (const [method, path, json] of routes) {
      expect((await t.request(path, { method, json, cookie: staff })).status).toBe(403);
      expect((await t.request(path, { method, json })).status).toBe(401);
    }
    expect(t.db.select().from(webhooks).all()).toEqual([]);
  });

  test("webhooks – create shows the secret once, list never does; edit, rotate and delete are audited", async () => {
    const created = await create();
    expect(created.secret).toMatch(/^whsec_[\w-]{43}$/);
    const list = await (await t.request(base, { cookie: admin })).json();
    expect(list).toEqual([
      expect.objectContaining({ id: created.id, url: hook().url, events: hook().events, active: true }),
    ]);
    expect(JSON.stringify(list)).not.toContain(created.secret);

    const put = await t.request(`${base}/${created.id}`, {
      method: "PUT",
      json: hook({ events: ["note.added"], active: false, includeInternal: true }),
      cookie: admin,
    });
    expect(await put.json()).toMatchObject({ events: ["note.added"], active: false, includeInternal: true });
    expect(JSON.stringify(await (await t.request(base, { cookie: admin })).json())).not.toContain("whsec_");

    const rotated = await (
      await t.request(`${base}/${created.id}/rotate-secret`, { method: "POST", cookie: admin })
    ).json();
    expect(rotated.secret).toMatch(/^whsec_/);
    expect(rotated.secret).not.toBe(created.secret);
    expect(t.db.select().from(webhooks).get()!.secret).toBe(rotated.secret);

    expect((await t.request(`${base}/${created.id}`, { method: "DELETE", cookie: admin })).status).toBe(200);
    expect((await t.request(`${base}/${created.id}`, { method: "DELETE", cookie: admin })).status).toBe(404);
    expectAudit(t, { entityType: "webhook" }, [
      { action: "created" },
      { action: "updated" },
      { action: "secret_rotated" },
      { action: "deleted" },
    ]);
    const audit = JSON.stringify(auditRows(t, { entityType: "webhook" }));
    expect(audit).not.toContain(created.secret);
    expect(audit).not.toContain(rotated.secret);
  });

  test("webhooks – loopback, metadata, private and odd literal addresses are refused with a clear 400", async () => {
    for (const url of [
      "http://127.0.0.1/hook",
      "http://169.254.169.254/latest/meta-data/",
      "http://10.0.0.1/",
      "http://192.168.1.20:8080/",
      "http://172.20.0.5/",
      "http://100.64.1.1/",
      "http://localhost:3000/",
      "http://2130706433/",
      "http://0x7f000001/",
      "http://[::1]/",
      "http://[::ffff:127.0.0.1]/",
      "http://[fd00::1]/",
      "http://0.0.0.0/",
    ]) {
      const res = await t.request(base, { json: hook({ url }), cookie: admin });
      const body = (await res.json()) as { message: string; errors: Record<string, string> };
      expect([url, res.status]).toEqual([url, 400]);
      expect(body.message).toMatch(
        /^Webhook URL points to an? .*address \(.+\); private and local addresses/,
      );
      expect(body.errors.url).toBe(body.message);
    }
    const bad = [
      [{ url: "ftp://example.com/" }, "Webhook URL must start with http:// or https://"],
      [{ url: "https://me:pw@example.com/" }, "Webhook URL must not contain a user name or password"],
      [{ events: [] }, "Choose at least one event"],
      [{ events: ["ticket.deleted"] }, "Unknown event"],
      [{ url: "" }, "URL is required"],
    ] as const;
    for (const [over, message] of bad) {
      const res = await t.request(base, { json: hook(over), cookie: admin });
      expect([res.status, ((await res.json()) as { message: string }).message]).toEqual([400, message]);
    }
    // An edit is checked the same way.
    const { id } = await create();
    const put = await t.request(`${base}/${id}`, {
      method: "PUT",
      json: hook({ url: "http://10.0.0.1/" }),
      cookie: admin,
    });
    expect(put.status).toBe(400);
    expect(t.db.select().from(webhooks).all()).toHaveLength(1);
    expect(auditRows(t, { entityType: "webhook" })).toHaveLength(1);
  });

  test("webhooks – ticket and note writes queue deliveries in their own transaction; internal notes only when asked", async () => {
    const all = await create({ includeInternal: true });
    const publicOnly = await create({ events: ["note.added"] });
    const { id } = await submit(t);
    const staffCookie = admin;
    const put = await t.request(`/api/admin/tickets/${id}/status`, {
      method: "PUT",
      json: { status: "in_progress" },
      cookie: staffCookie,
    });
    expect(put.status).toBe(200);
    for (const isInternal of [false, true])
      expect(
        (
          await t.request(`/api/admin/tickets/${id}/notes`, {
            json: { note: `n ${isInternal}`, isInternal },
            cookie: admin,
          })
        ).status,
      ).toBe(201);
    const rows = (hookId: number) =>
      t.db
        .select()
        .from(webhookDeliveries)
        .where(eq(webhookDeliveries.webhookId, hookId))
        .orderBy(webhookDeliveries.id)
        .all();
    expect(rows(all.id).map((r) => r.event)).toEqual([
      "ticket.created",
      "ticket.changed",
      "note.added",
      "note.added",
    ]);
    expect(rows(publicOnly.id).map((r) => r.event)).toEqual(["note.added"]);
    const changed = JSON.parse(rows(all.id)[1]!.payload);
    expect(changed.ticket).toMatchObject({
      status: "in_progress",
      department: "IT",
      email: "jane.doe@example.com",
    });
    expect(changed.changes).toContain("status");
    const note = JSON.parse(rows(publicOnly.id)[0]!.payload).note;
    expect(note).toMatchObject({ body: "n false", isInternal: false });
    const deliveries = await (await t.request(`${base}/${all.id}/deliveries`, { cookie: admin })).json();
    expect(deliveries).toHaveLength(4);
    expect(deliveries[0]).toMatchObject({ event: "note.added", status: "pending", attempts: 0 });
    // A paused webhook queues nothing new.
    await t.request(`${base}/${all.id}`, { method: "PUT", json: hook({ active: false }), cookie: admin });
    await submit(t);
    expect(rows(all.id)).toHaveLength(4);
  });

  test("webhooks – at most 20, the 21st answers 409", async () => {
    for (let i = 0; i < 20; i++) await create();
    const res = await t.request(base, { json: hook(), cookie: admin });
    expect([res.status, ((await res.json()) as { message: string }).message]).toEqual([
      409,
      "At most 20 webhooks can be set up",
    ]);
  });
});
