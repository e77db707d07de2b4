import { afterAll, beforeAll, expect, test } from "bun:test";
import { type Dovecot, startDovecot } from "../../testing/dovecot";
import { reply } from "./mail.fixtures";
import { watch } from "./watch";

const U = { user: "watch@example.com", password: "watch-pw" };
let dovecot: Dovecot;
beforeAll(async () => {
  dovecot = await startDovecot({ users: [U] });
});
afterAll(() => dovecot?.stop());

async function until(ok: () => boolean, ms: number) {
  const deadline = Date.now() + ms;
  while (!ok() && Date.now() < deadline) await Bun.sleep(20);
  return ok();
}

test("watch – IDLE brings a new message within seconds, long before the next scheduled poll", async () => {
  const got: string[] = [];
  const w = watch({
    url: dovecot.imapUrl(U.user),
    pollSeconds: 600,
    maxBytes: 1e6,
    handle: async (item) => {
      if (item.kind === "message") got.push(item.message.messageId ?? "");
      return "stored";
    },
  });
  try {
    expect(await until(() => w.status.lastSuccessAt !== null, 10_000)).toBe(true);
    expect(w.status).toMatchObject({ running: true, connected: true, idle: true, lastError: null });
    expect(w.status.mailbox).not.toContain(U.password);
    await Bun.sleep(300); // let the client settle into IDLE
    const sent = Date.now();
    await dovecot.append(U.user, reply({ messageId: "<idle-1@mail.example.com>" }));
    expect(await until(() => got.length === 1, 5000)).toBe(true);
    expect(Date.now() - sent).toBeLessThan(5000);
    expect(got).toEqual(["<idle-1@mail.example.com>"]);
    expect(await until(() => w.status.lastReport?.stored === 1, 5000)).toBe(true);
  } finally {
    await w.stop();
  }
  expect(w.status).toMatchObject({ running: false, connected: false });
}, 30_000);

test("watch – an unreachable server is retried with growing pauses and reported, never thrown", async () => {
  const closed = Bun.listen({ hostname: "127.0.0.1", port: 0, socket: { data() {} } });
  const port = closed.port;
  closed.stop(true);
  const errors: string[] = [];
  const w = watch({
    url: `imap://someone:pw@127.0.0.1:${port}/INBOX`,
    pollSeconds: 1,
    minBackoffMs: 50,
    maxBackoffMs: 400,
    maxBytes: 1e6,
    handle: async () => "stored",
    onError: (e) => errors.push(e.message),
  });
  try {
    expect(await until(() => w.status.failures >= 4, 10_000)).toBe(true);
    expect(w.status).toMatchObject({ running: true, connected: false, lastSuccessAt: null });
    expect(w.status.lastError).toBeTruthy();
    expect(w.status.lastErrorAt).toBeInstanceOf(Date);
    expect(errors.length).toBeGreaterThanOrEqual(4);
  } finally {
    await w.stop();
  }
  expect(w.status.running).toBe(false);
}, 30_000);

test("watch – a refused login is reported in the server's words", async () => {
  const w = watch({
    url: dovecot.imapUrl(U.user).replace(encodeURIComponent(U.password), "wrong"),
    pollSeconds: 1,
    maxBytes: 1e6,
    handle: async () => "stored",
  });
  try {
    expect(await until(() => w.status.failures >= 1, 10_000)).toBe(true);
    expect(w.status.lastError).toContain("Authentication failed");
    expect(w.status.lastError).not.toContain("wrong");
  } finally {
    await w.stop();
  }
}, 30_000);

test("watch – after the server goes away it keeps trying, and stop() still ends it promptly", async () => {
  const other = await startDovecot({ users: [U] });
  const w = watch({
    url: other.imapUrl(U.user),
    pollSeconds: 600,
    minBackoffMs: 50,
    maxBackoffMs: 200,
    maxBytes: 1e6,
    handle: async () => "stored",
  });
  expect(await until(() => w.status.connected, 10_000)).toBe(true);
  await other.stop();
  expect(await until(() => w.status.failures >= 2, 10_000)).toBe(true);
  expect(w.status.connected).toBe(false);
  const started = Date.now();
  await w.stop();
  expect(Date.now() - started).toBeLessThan(2000);
}, 30_000);
