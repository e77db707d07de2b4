// Two server processes: presence reaches viewers on the other process, and one process sends the mail.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { ADMIN, addUser, client, launch, ticketInput, type Server } from "../hardening/harness";
import { openStream } from "../testing/sse-client";
import { startSmtpSink, type SmtpSink } from "../testing/smtp-sink";

let srv: Server;
let sink: SmtpSink;
let api: ReturnType<typeof client>;

beforeAll(async () => {
  sink = await startSmtpSink();
  srv = await launch({
    workers: 2,
    env: { LOG_LEVEL: "info", SMTP_URL: sink.url, BACKUP_INTERVAL: "0", RATE_LIMIT_PUBLIC_WRITES: "1000" },
  });
  api = client(srv.url);
  // receipts carry a link, so they wait for the help desk's public address
  const admin = await api.login(ADMIN.email, ADMIN.password);
  const address = { method: "PUT", json: { publicUrl: srv.url }, cookie: admin };
  expect((await api.req("/api/admin/portal/address", address)).status).toBe(200);
}, 60_000);
afterAll(async () => {
  await srv?.stop();
  await sink?.stop();
}, 20_000);

/** The processes that served the requests to `path` so far, in order, from the server's request log. */
async function servedBy(path: string) {
  return (await srv.logs())
    .split("\n")
    .filter((l) => l.includes('"msg":"request"') && l.includes(`"path":"${path}"`))
    .map((l) => (JSON.parse(l) as { pid: number }).pid);
}

describe("two server processes", () => {
  test("queued mail is delivered once each, all by the one process that holds the mail job", async () => {
    // Submitted over new connections until both processes took some (the kernel picks one per
    // connection, so six in a row can land on one: about once in 32 runs).
    const to: string[] = [];
    while (to.length < 6 || (new Set(await servedBy("/api/tickets")).size < 2 && to.length < 40)) {
      const email = `once${to.length}@example.com`;
      expect((await api.req("/api/tickets", { json: ticketInput({ email }) })).status).toBe(201);
      to.push(email);
    }
    expect(new Set(await servedBy("/api/tickets")).size).toBe(2);
    for (const email of to) await sink.waitFor((m) => m.to.includes(email), 30_000);
    await Bun.sleep(2000); // time for a second delivery, were one going to happen
    for (const email of to) expect(sink.messages.filter((m) => m.to.includes(email)).length).toBe(1);
    const senders = (await srv.logs())
      .split("\n")
      .filter((l) => l.includes('"msg":"mail sent"'))
      .map((l) => (JSON.parse(l) as { pid: number }).pid);
    expect(senders.length).toBe(to.length);
    expect(new Set(senders).size).toBe(1);
  }, 60_000);

  test("a viewer on one process is told who opened the ticket on the other", async () => {
    await addUser(srv.dataDir, { email: "viewer@example.com", all: true });
    await addUser(srv.dataDir, { email: "opener@example.com", all: true });
    const viewer = await api.login("viewer@example.com");
    const opener = await api.login("opener@example.com");
    const created = await api.req("/api/tickets", { json: ticketInput() });
    const body = (await created.json()) as { id?: number; ticket?: { id: number } };
    const ticketId = body.ticket?.id ?? body.id!;
    const stream = await openStream(srv.url, viewer);
    // The process holding the stream is the one that logged its request.
    const streamPid = await until(async () => (await servedBy("/api/admin/events"))[0]);
    // Open the ticket from new connections until one lands on the other process.
    let otherPid: number | undefined;
    for (let i = 0; i < 40 && !otherPid; i++) {
      const res = await api.req("/api/admin/events/presence", { cookie: opener, json: { ticketId } });
      expect(res.status).toBe(200);
      const pid = await until(async () => (await servedBy("/api/admin/events/presence"))[i]);
      if (pid !== streamPid) otherPid = pid;
    }
    expect(otherPid).toBeDefined();
    await stream.waitFor((events) =>
      events.some(
        (e) =>
          e.event === "presence" &&
          (e.data as { viewers: { name: string }[] }).viewers.some((v) => v.name === "Test User"),
      ),
    );
    // That process ends: its viewers are forgotten by the others.
    const seen = stream.of("presence").length;
    process.kill(otherPid!, "SIGKILL");
    await stream.waitFor((events) => {
      const later = events.filter((e) => e.event === "presence").slice(seen);
      return later.some((e) => (e.data as { viewers: unknown[] }).viewers.length === 0);
    }, 10_000);
    stream.close();
  }, 60_000);

  test("answers cached by one process follow another process's writes: a status change, a sign-out", async () => {
    const cookie = await api.login(ADMIN.email, ADMIN.password);
    const created = (await (await api.req("/api/tickets", { json: ticketInput() })).json()) as {
      id?: number;
      ticket?: { id: number };
    };
    const id = created.ticket?.id ?? created.id!;
    // Reads over one kept-alive connection stay on one process, so its read memo is warm.
    const read = () => fetch(`${srv.url}/api/admin/tickets/${id}`, { headers: { Cookie: cookie } });
    const statusOf = async () => ((await (await read()).json()) as { status: string }).status;
    expect(await statusOf()).toBe("open");
    expect(await statusOf()).toBe("open");
    const reader = (await servedBy(`/api/admin/tickets/${id}`)).at(-1);
    // Writes over new connections until one is served by the other process.
    const writes = () => servedBy(`/api/admin/tickets/${id}/status`);
    for (let i = 0; i < 40 && !(await writes()).some((pid) => pid !== reader); i++) {
      const status = i % 2 ? "open" : "in_progress";
      const res = await api.req(`/api/admin/tickets/${id}/status`, {
        method: "PUT",
        cookie,
        json: { status },
      });
      expect(res.status).toBe(200);
      await until(async () => ((await writes()).length > i ? true : undefined));
      if ((await writes()).at(-1) !== reader) {
        expect(await statusOf()).toBe(status);
        break;
      }
    }
    expect((await writes()).some((pid) => pid !== reader)).toBe(true);
    expect((await servedBy(`/api/admin/tickets/${id}`)).at(-1)).toBe(reader!);
    // Signed out through the other process: the reader's process refuses the session at once.
    let checked = false;
    for (let i = 0; i < 40 && !checked; i++) {
      const probe = await api.login(ADMIN.email, ADMIN.password);
      const warm = () => fetch(`${srv.url}/api/admin/tickets/${id}`, { headers: { Cookie: probe } });
      expect((await warm()).status).toBe(200);
      const on = (await servedBy(`/api/admin/tickets/${id}`)).at(-1);
      const before = (await servedBy("/api/logout")).length;
      expect((await api.req("/api/logout", { cookie: probe })).status).toBeLessThan(400);
      const by = await until(async () => (await servedBy("/api/logout"))[before]);
      if (by === on) continue;
      const after = await warm();
      expect((await servedBy(`/api/admin/tickets/${id}`)).at(-1)).toBe(on!);
      expect(after.status).toBe(401);
      checked = true;
    }
    expect(checked).toBe(true);
  }, 60_000);
});

async function until<T>(get: () => Promise<T | undefined> | T | undefined, ms = 10_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await get();
    if (v !== undefined) return v;
    if (Date.now() > deadline) throw new Error("timed out");
    await Bun.sleep(50);
  }
}
