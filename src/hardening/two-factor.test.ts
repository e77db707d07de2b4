// Guessing second-factor codes against the real server: one address, many addresses, and a right code
// sent many times at once. Behind a trusted proxy, so each request can come from its own address.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { addUser, client, cookieOf, launch, openDb, ROOT, type Server } from "./harness";
import { stepAt, totpCodeAt } from "../auth/totp";

let srv: Server;
let api: ReturnType<typeof client>;
const MAX_FAILURES = 5; // LOGIN_MAX_FAILURES default: the code budget per account
const PER_ADDRESS = MAX_FAILURES * 4;
beforeAll(async () => {
  srv = await launch({ env: { TRUST_PROXY: "true" } });
  api = client(srv.url);
}, 30_000);
afterAll(() => srv?.stop(), 15_000);

const from = (ip: string) => ({ "X-Forwarded-For": ip });

/** A user with two-factor sign-in on; returns the key and the session it was set up in. */
async function enrolled(email: string) {
  await addUser(srv.dataDir, { email });
  const cookie = await api.login(email, "password123", from("192.0.2.200"));
  await api.confirm(cookie, "password123", from("192.0.2.200"));
  const start = await api.req("/api/auth/two-factor/enrol", { method: "POST", cookie });
  const { secret } = (await start.json()) as { secret: string };
  const code = totpCodeAt(secret, stepAt(new Date()));
  const ok = await api.req("/api/auth/two-factor/confirm", {
    json: { code },
    cookie,
    headers: from("192.0.2.200"),
  });
  expect(ok.status).toBe(200);
  return { secret, cookie };
}

/** Challenges one after another: parallel right passwords would meet the password budget first. */
async function challengesFor(email: string, n: number, ipOf: (i: number) => string) {
  const out: string[] = [];
  for (let i = 0; i < n; i++) out.push(await challengeFor(email, ipOf(i)));
  return out;
}

async function challengeFor(email: string, ip: string) {
  const res = await api.req("/api/login", { json: { email, password: "password123" }, headers: from(ip) });
  expect(res.status).toBe(200);
  expect(cookieOf(res)).toBeNull();
  return ((await res.json()) as { challenge: string }).challenge;
}

const guess = (challenge: string, code: string, ip: string) =>
  api.req("/api/auth/second-factor", { json: { challenge, code }, headers: from(ip) });

function tally(statuses: number[]) {
  const counts: Record<number, number> = {};
  for (const s of statuses) counts[s] = (counts[s] ?? 0) + 1;
  return counts;
}

describe("second-factor guessing", () => {
  test("one address: 429 after five wrong codes, and then even the right code is refused", async () => {
    const { secret } = await enrolled("one@example.com");
    const challenge = await challengeFor("one@example.com", "198.51.100.1");
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++)
      statuses.push((await guess(challenge, String(100000 + i), "198.51.100.1")).status);
    expect(statuses).toEqual([...Array(MAX_FAILURES).fill(401), ...Array(12 - MAX_FAILURES).fill(429)]);
    const right = await guess(challenge, totpCodeAt(secret, stepAt(new Date()) + 1), "198.51.100.1");
    expect(right.status).toBe(429);
    expect(Number(right.headers.get("retry-after"))).toBeGreaterThan(0);
  }, 30_000);

  test("60 guesses at once, each from its own address and with its own challenge: at most five are checked", async () => {
    await enrolled("many@example.com");
    const challenges = await challengesFor("many@example.com", 60, (i) => `10.20.${i}.1`);
    const statuses = await Promise.all(
      challenges.map(async (c, i) => (await guess(c, String(200000 + i), `10.21.${i}.1`)).status),
    );
    const counts = tally(statuses);
    console.log(`60 parallel code guesses from 60 addresses: ${JSON.stringify(counts)}`);
    expect(counts[401] ?? 0).toBeLessThanOrEqual(MAX_FAILURES);
    expect(counts[429]).toBeGreaterThanOrEqual(60 - MAX_FAILURES);
    expect(counts[200]).toBeUndefined();
  }, 60_000);

  test("one address guessing at many accounts is stopped by its own budget", async () => {
    const emails = Array.from({ length: 5 }, (_, i) => `spread${i}@example.com`);
    for (const e of emails) await enrolled(e);
    const statuses: number[] = [];
    for (const e of emails) {
      const challenge = await challengeFor(e, "203.0.113.50");
      for (let i = 0; i < MAX_FAILURES; i++)
        statuses.push((await guess(challenge, "000000", "203.0.113.50")).status);
    }
    const counts = tally(statuses);
    console.log(`25 wrong codes at 5 accounts from one address: ${JSON.stringify(counts)}`);
    expect(counts[401]).toBe(PER_ADDRESS);
    expect(counts[429]).toBe(25 - PER_ADDRESS);
  }, 60_000);

  test("the same right code sent ten times at once signs in exactly once", async () => {
    const { secret } = await enrolled("race@example.com");
    const challenges = await challengesFor("race@example.com", 10, (i) => `10.30.${i}.1`);
    const code = totpCodeAt(secret, stepAt(new Date()) + 1);
    const statuses = await Promise.all(
      challenges.map(async (c, i) => (await guess(c, code, `10.31.${i}.1`)).status),
    );
    // the replays count as wrong codes, so the account's budget ends them with 429 too
    const counts = tally(statuses);
    expect(counts[200]).toBe(1);
    expect((counts[401] ?? 0) + (counts[429] ?? 0)).toBe(9);
  }, 30_000);
});

describe("owner's command line", () => {
  test("reset-2fa on a live server: the user's sessions end and the password alone signs in, audited", async () => {
    await enrolled("lostphone@example.com");
    const challenge = await challengeFor("lostphone@example.com", "192.0.2.77");
    const held = await api
      .login("lostphone@example.com", "password123", from("192.0.2.78"))
      .catch(() => null);
    expect(held).toBeNull(); // with a second factor the password gives no session
    const proc = Bun.spawn([process.execPath, "src/admin-cli.ts", "reset-2fa", "LostPhone@example.com"], {
      cwd: ROOT,
      env: { ...process.env, DATA_DIR: srv.dataDir, NODE_ENV: "production" },
      stdout: "pipe",
      stderr: "pipe",
    });
    expect(await proc.exited).toBe(0);
    expect(await new Response(proc.stdout).text()).toContain("removed");
    expect((await api.req("/api/auth/user", { cookie: held })).status).toBe(401);
    expect((await guess(challenge, "123456", "192.0.2.77")).status).toBe(401); // the pending step is gone
    const cookie = await api.login("lostphone@example.com", "password123", from("192.0.2.79"));
    expect((await api.req("/api/auth/user", { cookie })).status).toBe(200);
    const db = openDb(srv.dataDir);
    const rows = db.query("SELECT action FROM audit_logs WHERE user_agent = 'command line'").all();
    db.close();
    expect(rows).toEqual([{ action: "two_factor_reset" }]);
  }, 30_000);
});
