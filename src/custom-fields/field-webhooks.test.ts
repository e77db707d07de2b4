import { afterEach, beforeEach, expect, test } from "bun:test";
import { createTestApp, type TestApp } from "../testing/test-app";
import { startReceiver } from "../testing/webhook-receiver";
import { submit } from "../tickets/tickets.fixtures";
import { startWebhookWorker } from "../webhooks/worker";
import { defineField } from "./fields.fixtures";

// Field values in real deliveries to a receiver on loopback.
let t: TestApp;
let admin: string;
const stops: (() => unknown)[] = [];
beforeEach(async () => {
  t = await createTestApp({ env: { WEBHOOK_ALLOW_PRIVATE: "true" } });
  admin = await t.loginAs("admin");
});
afterEach(async () => {
  for (const stop of stops.splice(0)) await stop();
  t.close();
});

const define = (json: Record<string, unknown>) => defineField(t, admin, json);

test("a webhook's ticket carries its fields by key, never a staff-only one, from the submission on", async () => {
  await define({ key: "seats", label: "Seats", kind: "number" });
  await define({
    key: "product",
    label: "Product",
    kind: "select",
    options: [{ label: "Office" }, { label: "Visio" }],
  });
  await define({
    key: "extras",
    label: "Extras",
    kind: "multi_select",
    options: [{ label: "Dock" }, { label: "Mouse" }],
  });
  await define({ key: "renewal", label: "Renewal", kind: "checkbox" });
  await define({ key: "asset_tag", label: "Asset tag", kind: "text", visibility: "staff" });
  const rx = startReceiver([() => new Response("ok")]);
  stops.push(rx.stop);
  const hook = await t.request("/api/admin/webhooks", {
    json: { url: `${rx.url}/hook`, events: ["ticket.created", "note.added"] },
    cookie: admin,
  });
  expect(hook.status).toBe(201);
  const { id } = await submit(t, {
    ticketType: "Licensing",
    customFields: { seats: 12, product: "o2", extras: ["o1", "o2"], renewal: true },
  });
  const edit = await t.request(`/api/admin/tickets/${id}/fields`, {
    method: "PUT",
    cookie: admin,
    json: { customFields: { seats: 14, asset_tag: "SECRET-TAG-7" } },
  });
  expect(edit.status).toBe(200);
  await t.request(`/api/admin/tickets/${id}/notes`, { cookie: admin, json: { note: "Ordered" } });
  const w = startWebhookWorker({
    db: t.db,
    now: () => new Date(),
    owner: "test",
    allowPrivate: true,
    pollMs: 3_600_000,
  });
  stops.push(w.stop);
  await w.drain();
  const bodies = rx.received.map(
    (r) => JSON.parse(r.body) as { event?: string; ticket: { customFields: unknown } },
  );
  expect(bodies.map((b) => b.ticket.customFields)).toEqual([
    { seats: 12, product: "o2", extras: ["o1", "o2"], renewal: true },
    { seats: 14, product: "o2", extras: ["o1", "o2"], renewal: true },
  ]);
  expect(rx.received.map((r) => r.body).join()).not.toContain("SECRET-TAG-7");
});
