import { Database } from "bun:sqlite";
import { afterEach, beforeEach, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { webhookDeliveries } from "../../db/schema";
import { createTestApp, type TestApp } from "../testing/test-app";
import { startReceiver, verify } from "../testing/webhook-receiver";
import { submit } from "../tickets/tickets.fixtures";
import { MAX_ATTEMPTS } from "./outbox";
import { startWebhookWorker } from "./worker";

// The delivery path end to end against a real receiver on loopback, with a clock the test moves.
let t: TestApp;
let clock = Date.now();
let admin: string;
const stops: (() => unknown)[] = [];
beforeEach(async () => {
  clock = Date.now(); // the outbox triggers stamp rows with SQLite's own clock
  t = await createTestApp({ env: { WEBHOOK_ALLOW_PRIVATE: "true" }, now: () => new Date(clock) });
  admin = await t.loginAs("admin");
});
afterEach(async () => {
  for (const stop of stops.splice(0)) await stop();
  t.close();
});

const addHook = async (url: string, events = ["ticket.created"]) => {
  const res = await t.request("/api/admin/webhooks", { json: { url, events }, cookie: admin });
  expect(res.status).toBe(201);
  return (await res.json()) as { id: number; secret: string };
};
const worker = (allowPrivate = true) => {
  clock = Math.max(clock, Date.now());
  const w = startWebhookWorker({
    db: t.db,
    now: () => new Date(clock),
    owner: "test",
    allowPrivate,
    pollMs: 3_600_000,
  });
  stops.push(w.stop);
  return w;
};
const deliveries = (webhookId: number) =>
  t.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.webhookId, webhookId)).all();

test("delivery – signed like a third party checks it, retried with backoff after a 500, delivered once", async () => {
  const rx = startReceiver([() => new Response("x".repeat(5000), { status: 500 }), () => new Response("ok")]);
  stops.push(rx.stop);
  const hook = await addHook(`${rx.url}/hook`);
  const { ticketId } = await submit(t);
  const w = worker();
  await w.drain();
  expect(rx.received).toHaveLength(1);
  const [row] = deliveries(hook.id);
  expect(row).toMatchObject({
    status: "pending",
    attempts: 1,
    lastStatus: 500,
    nextAttemptAt: clock + 60_000,
  });
  expect(row!.responseExcerpt!.length).toBeLessThanOrEqual(300);

  clock += 30_000; // not due yet
  await w.drain();
  expect(rx.received).toHaveLength(1);
  clock += 31_000;
  await w.drain();
  expect(rx.received).toHaveLength(2);
  expect(deliveries(hook.id)[0]).toMatchObject({ status: "delivered", attempts: 2, lastStatus: 200 });

  for (const r of rx.received) {
    expect(verify(hook.secret, r.headers, r.body, Math.floor(clock / 1000))).toBe(true);
    expect(verify("whsec_wrong", r.headers, r.body, Math.floor(clock / 1000))).toBe(false);
    expect(verify(hook.secret, r.headers, r.body.replace("open", "closed"), Math.floor(clock / 1000))).toBe(
      false,
    );
  }
  const [first, second] = rx.received.map((r) => JSON.parse(r.body));
  expect(first).toEqual(second); // the same event, byte for byte, on every attempt
  expect(first).toMatchObject({ event: "ticket.created", ticket: { id: ticketId, status: "open" } });
  expect(first.id).toBe(rx.received[0]!.headers.get("x-helpdesk-delivery"));
  expect(first.occurredAt).toMatch(/^\d{4}-\d\d-\d\dT/);

  clock += 86_400_000;
  await w.drain();
  expect(rx.received).toHaveLength(2); // never sent again once delivered
});

test("sibling processes – every write of a delivery pass waits for this process's turn to write", async () => {
  const rx = startReceiver([() => new Response("ok")]);
  stops.push(rx.stop);
  const hook = await addHook(`${rx.url}/hook`);
  await submit(t);
  // Another process holds the write lock except during this process's turns; a write out of turn fails at once.
  const other = new Database(t.config.dbPath);
  other.exec("BEGIN IMMEDIATE");
  t.sqlite.exec("PRAGMA busy_timeout = 0");
  const inWriteTurn = async <T>(write: () => T) => {
    other.exec("COMMIT");
    try {
      return write();
    } finally {
      other.exec("BEGIN IMMEDIATE");
    }
  };
  clock = Math.max(clock, Date.now());
  const w = startWebhookWorker({
    db: t.db,
    now: () => new Date(clock),
    owner: "test",
    allowPrivate: true,
    inWriteTurn,
  });
  stops.push(w.stop);
  await w.drain();
  other.exec("ROLLBACK");
  other.close();
  expect(rx.received).toHaveLength(1);
  expect(deliveries(hook.id)[0]).toMatchObject({ status: "delivered", attempts: 1 });
});

test("delivery – a receiver that keeps failing gets 8 attempts over about 18 hours, then the delivery is failed", async () => {
  const rx = startReceiver([() => new Response("down", { status: 503 })]);
  stops.push(rx.stop);
  const hook = await addHook(`${rx.url}/hook`);
  await submit(t);
  const w = worker();
  const start = clock;
  const gaps: number[] = [];
  for (let i = 0; i < 20; i++) {
    await w.drain();
    const row = deliveries(hook.id)[0]!;
    if (row.status === "failed") break;
    gaps.push((row.nextAttemptAt - clock) / 60_000);
    clock = row.nextAttemptAt;
  }
  expect(rx.received).toHaveLength(MAX_ATTEMPTS);
  expect(gaps).toEqual([1, 3, 9, 27, 81, 243, 720]);
  expect((clock - start) / 3600_000).toBeCloseTo(18.07, 1);
  expect(deliveries(hook.id)[0]).toMatchObject({ status: "failed", attempts: 8, lastError: "HTTP 503" });
  clock += 86_400_000;
  await w.drain();
  expect(rx.received).toHaveLength(MAX_ATTEMPTS);
});

test("delivery – redirects are not followed, and the address is checked again at send time", async () => {
  const target = startReceiver([() => new Response("should not be reached")]);
  const rx = startReceiver([
    () => new Response(null, { status: 302, headers: { Location: `${target.url}/x` } }),
  ]);
  stops.push(rx.stop, target.stop);
  const hook = await addHook(`${rx.url}/hook`);
  await submit(t);
  await worker().drain();
  expect(target.received).toHaveLength(0);
  expect(deliveries(hook.id)[0]).toMatchObject({ status: "pending", lastStatus: 302 });
  expect(deliveries(hook.id)[0]!.lastError).toContain("not followed");

  // Saved while private addresses were allowed; a sender without that setting refuses to connect.
  const other = startReceiver([() => new Response("ok")]);
  stops.push(other.stop);
  const guarded = await addHook(`${other.url}/hook`);
  await submit(t);
  clock = Date.now();
  await worker(false).drain();
  expect(other.received).toHaveLength(0);
  expect(deliveries(guarded.id)[0]!.lastError).toMatch(
    /^Webhook URL points to a loopback address \(127\.0\.0\.1\)/,
  );
});

test("delivery – the test button's ping goes through the same outbox and log", async () => {
  const rx = startReceiver([() => new Response("pong")]);
  stops.push(rx.stop);
  // By name: the sender connects to the address it checked and keeps the name in the Host header.
  const hook = await addHook(`${rx.url.replace("127.0.0.1", "localhost")}/hook`);
  const res = await t.request(`/api/admin/webhooks/${hook.id}/test`, { method: "POST", cookie: admin });
  expect(res.status).toBe(202);
  await worker().drain();
  expect(JSON.parse(rx.received[0]!.body)).toMatchObject({ event: "ping", webhookId: hook.id });
  expect(rx.received[0]!.headers.get("host")).toBe(new URL(rx.url).host.replace("127.0.0.1", "localhost"));
  const log = await (await t.request(`/api/admin/webhooks/${hook.id}/deliveries`, { cookie: admin })).json();
  expect(log[0]).toMatchObject({
    event: "ping",
    status: "delivered",
    lastStatus: 200,
    responseExcerpt: "pong",
    nextAttemptAt: null,
  });
  const list = await (await t.request("/api/admin/webhooks", { cookie: admin })).json();
  expect(list[0].lastDelivery).toMatchObject({ status: "delivered", lastStatus: 200 });
});

test("delivery – a paused webhook keeps its queue and sends it once switched on again", async () => {
  const rx = startReceiver([() => new Response("ok")]);
  stops.push(rx.stop);
  const hook = await addHook(`${rx.url}/hook`);
  await submit(t);
  const put = (active: boolean) =>
    t.request(`/api/admin/webhooks/${hook.id}`, {
      method: "PUT",
      json: { url: `${rx.url}/hook`, events: ["ticket.created"], active },
      cookie: admin,
    });
  expect((await put(false)).status).toBe(200);
  const w = worker();
  await w.drain();
  expect(rx.received).toHaveLength(0);
  expect((await put(true)).status).toBe(200);
  await w.drain();
  expect(rx.received).toHaveLength(1);
});
