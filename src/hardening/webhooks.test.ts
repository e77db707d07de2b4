// Webhooks against the real server process: no SSRF into the local network, and the outbox survives kill -9.
import { afterAll, describe, expect, test } from "bun:test";
import { networkInterfaces } from "node:os";
import { ADMIN, client, launch, openDb, ticketInput, type Server } from "./harness";
import { startReceiver, verify } from "../testing/webhook-receiver";

const started: Server[] = [];
const receivers: (() => unknown)[] = [];
afterAll(async () => {
  for (const s of started) await s.stop();
  for (const stop of receivers) await stop();
}, 30_000);

// Every address of this machine's interfaces, whatever range it is in.
const ownAddresses = () =>
  Object.values(networkInterfaces()).flatMap((nets) => (nets ?? []).map((n) => n.address.split("%")[0]!));

const cookies = new Map<string, string>();
async function addHook(srv: Server, url: string) {
  const api = client(srv.url);
  const cookie = cookies.get(srv.url) ?? (await api.login(ADMIN.email, ADMIN.password));
  cookies.set(srv.url, cookie);
  const res = await api.req("/api/admin/webhooks", { json: { url, events: ["ticket.created"] }, cookie });
  return { res, api, cookie };
}

const rows = (srv: Server) => {
  const db = openDb(srv.dataDir);
  const out = db.query("SELECT event_id, status, attempts FROM webhook_deliveries ORDER BY id").all() as {
    event_id: string;
    status: string;
    attempts: number;
  }[];
  db.close();
  return out;
};

async function until(check: () => boolean, ms: number) {
  const deadline = Date.now() + ms;
  while (!check() && Date.now() < deadline) await Bun.sleep(100);
  return check();
}

describe("webhooks", () => {
  test("SSRF – loopback, cloud metadata and office addresses are refused by default", async () => {
    const srv = await launch();
    started.push(srv);
    for (const url of [
      "http://127.0.0.1/",
      "http://169.254.169.254/latest/meta-data/",
      "http://10.0.0.1/",
      "http://localhost:8080/",
      "http://192.0.2.2/",
      "http://198.51.100.1/",
      "http://203.0.113.1/",
      "http://[::ffff:0:127.0.0.1]/",
      "http://[64:ff9b:1::7f00:1]/",
      "http://[fec0::1]/",
      ...ownAddresses().map((a) => (a.includes(":") ? `http://[${a}]/` : `http://${a}/`)),
    ]) {
      const { res } = await addHook(srv, url);
      const body = (await res.json()) as { message: string };
      expect([url, res.status]).toEqual([url, 400]);
      expect(body.message).toContain(
        "private and local addresses are refused unless WEBHOOK_ALLOW_PRIVATE=true",
      );
    }
    expect(rows(srv)).toEqual([]);
  }, 30_000);

  test("kill -9 mid-delivery: the acknowledged ticket's delivery survives the restart and is accepted once", async () => {
    let release = () => {};
    const held = new Promise<void>((r) => (release = r));
    const rx = startReceiver([
      async () => {
        await held;
        return new Response("late");
      },
      () => new Response("ok"),
    ]);
    receivers.push(rx.stop, release);
    const env = { WEBHOOK_ALLOW_PRIVATE: "true" };
    let srv = await launch({ env });
    const { res } = await addHook(srv, `${rx.url}/hook`);
    const { secret } = (await res.json()) as { secret: string };
    expect((await client(srv.url).req("/api/tickets", { json: ticketInput() })).status).toBe(201);
    expect(await until(() => rx.received.length === 1, 10_000)).toBe(true);
    await srv.kill9(); // the receiver has the body but the sender never learnt the outcome
    expect(rows(srv)).toMatchObject([{ status: "sending", attempts: 1 }]);

    srv = await launch({ dataDir: srv.dataDir, env });
    started.push(srv);
    expect(await until(() => rx.received.length === 2, 40_000)).toBe(true);
    expect(await until(() => rows(srv)[0]?.status === "delivered", 5_000)).toBe(true);
    const [first, second] = rx.received;
    expect(second!.headers.get("x-helpdesk-delivery")).toBe(first!.headers.get("x-helpdesk-delivery"));
    expect(second!.body).toBe(first!.body);
    expect(verify(secret, second!.headers, second!.body, Math.floor(Date.now() / 1000))).toBe(true);
    expect(rows(srv)).toMatchObject([{ status: "delivered", attempts: 2 }]);
    await Bun.sleep(3_000);
    expect(rx.received).toHaveLength(2);
  }, 90_000);

  test("two servers on one database: every ticket is delivered exactly once", async () => {
    const rx = startReceiver([() => new Response("ok")]);
    receivers.push(rx.stop);
    // Both servers count one address's submissions together when each runs several processes (their
    // counts share DATA_DIR's limits file): the 30 here are about delivery, not that limit.
    const env = { WEBHOOK_ALLOW_PRIVATE: "true", RATE_LIMIT_PUBLIC_WRITES: "100" };
    const a = await launch({ env });
    const b = await launch({ dataDir: a.dataDir, env });
    started.push(b, a);
    await addHook(a, `${rx.url}/hook`);
    const acked = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        client(i % 2 ? a.url : b.url).req("/api/tickets", {
          json: ticketInput({ description: `Printer ${i} is jammed again.` }),
        }),
      ),
    );
    expect(acked.every((r) => r.status === 201)).toBe(true);
    expect(await until(() => rx.received.length >= 30, 30_000)).toBe(true);
    await Bun.sleep(2_000);
    const ids = rx.received.map((r) => r.headers.get("x-helpdesk-delivery"));
    expect(ids).toHaveLength(30);
    expect(new Set(ids).size).toBe(30);
    expect(rows(a).every((r) => r.status === "delivered" && r.attempts === 1)).toBe(true);
  }, 90_000);
});
