// Sign-in guessing in parallel: the budget holds whatever the concurrency, and a flood stays cheap for others.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { addUser, client, launch, openDb, type Server } from "./harness";

let srv: Server;
let api: ReturnType<typeof client>;
/** One quiet sign-in on this machine (argon2id at full cost), and the most a sign-in may take under a flood. */
let quietMs = 0;
const boundMs = () => 6 * quietMs + 1_000;
const REAL = "real-cost-password";
const MAX_FAILURES = 5; // LOGIN_MAX_FAILURES default
const PER_ADDRESS = MAX_FAILURES * 4;

/** A user whose hash has the production argon2id cost, like every real account. */
async function realUser(email: string) {
  await addUser(srv.dataDir, { email });
  const db = openDb(srv.dataDir);
  db.query("UPDATE users SET password = ? WHERE email = ?").run(await Bun.password.hash(REAL), email);
  db.close();
}

const attempt = (email: string, password: string, from?: string) =>
  api.req("/api/login", {
    json: { email, password },
    headers: from ? { "X-Forwarded-For": from } : {},
  });

/** Signs `email` in from its own address while `flood` runs; the sign-in's time in ms. */
async function timedLogin(email: string, from: string) {
  await Bun.sleep(100); // let the flood queue up first
  const started = performance.now();
  const res = await attempt(email, REAL, from);
  return { status: res.status, ms: Math.round(performance.now() - started) };
}

function tally(statuses: number[]) {
  const counts: Record<number, number> = {};
  for (const s of statuses) counts[s] = (counts[s] ?? 0) + 1;
  return counts;
}

beforeAll(async () => {
  // Behind a trusted proxy, so each request can come from its own address.
  srv = await launch({ env: { TRUST_PROXY: "true" } });
  api = client(srv.url);
  await realUser("target@example.com");
  await realUser("bystander@example.com");
  await realUser("bystander2@example.com");
  await realUser("quiet@example.com");
  await attempt("warm-up@example.com", "x", "10.8.0.10"); // the dummy hash for unknown e-mails exists from now on
  for (let i = 0; i < 2; i++) quietMs = (await timedLogin("quiet@example.com", "10.8.0.9")).ms;
}, 30_000);
afterAll(() => srv?.stop(), 15_000);

describe("parallel password guessing", () => {
  test("60 concurrent guesses at one account, each from its own address: at most the budget is verified", async () => {
    const guesses = Array.from({ length: 60 }, (_, i) => (i === 45 ? REAL : `wrong-${i}`));
    const [statuses, other] = await Promise.all([
      Promise.all(
        guesses.map(async (pw, i) => (await attempt("target@example.com", pw, `10.7.${i}.1`)).status),
      ),
      timedLogin("bystander@example.com", "10.8.0.1"),
    ]);
    const counts = tally(statuses);
    const verified = (counts[200] ?? 0) + (counts[401] ?? 0);
    console.log(
      `60 concurrent logins: ${verified} verified, ${counts[429] ?? 0} × 429; a real login from another address meanwhile ${other.ms} ms (quiet: ${quietMs} ms)`,
    );
    expect(verified).toBeLessThanOrEqual(MAX_FAILURES);
    expect(counts[429]).toBeGreaterThanOrEqual(60 - MAX_FAILURES);
    expect(other.status).toBe(200);
    expect(other.ms).toBeLessThan(boundMs());
  }, 60_000);

  test("150 concurrent sign-ins with unknown e-mails from one address: refused early, a real sign-in stays fast", async () => {
    const flood = Promise.all(
      Array.from({ length: 150 }, async (_, i) => {
        const started = performance.now();
        const res = await attempt(`nobody${i}@example.com`, "Winter2026!", "198.51.100.66");
        return { status: res.status, ms: performance.now() - started };
      }),
    );
    const [results, other] = await Promise.all([flood, timedLogin("bystander2@example.com", "10.8.0.2")]);
    const counts = tally(results.map((r) => r.status));
    const refusedMs = Math.max(...results.filter((r) => r.status === 429).map((r) => r.ms));
    console.log(
      `150 unknown-e-mail logins from one address: ${JSON.stringify(counts)}, slowest 429 ${Math.round(refusedMs)} ms; a real login from another address meanwhile ${other.ms} ms (quiet: ${quietMs} ms)`,
    );
    expect(counts[401] ?? 0).toBeLessThanOrEqual(PER_ADDRESS);
    expect(counts[429]).toBeGreaterThanOrEqual(150 - PER_ADDRESS);
    expect(other.status).toBe(200);
    // The flood's hashes wait in their own line: a few hashes ahead of it, not the whole flood.
    expect(other.ms).toBeLessThan(boundMs());
  }, 60_000);

  test("150 concurrent unknown e-mails, each from its own address: the hash queue is bounded and says so at once", async () => {
    const flood = performance.now();
    const results = await Promise.all(
      Array.from({ length: 150 }, async (_, i) => {
        const res = await attempt(`spread${i}@example.com`, "Winter2026!", `10.99.${i >> 8}.${i & 255}`);
        const ended = performance.now() - flood;
        return { status: res.status, ended, retry: res.headers.get("retry-after") };
      }),
    );
    const counts = tally(results.map((r) => r.status));
    const busy = results.filter((r) => r.status === 503);
    const slowestBusy = Math.round(Math.max(...busy.map((r) => r.ended)));
    // The queue is bounded at each instant, not over the whole flood: a hash that finished while the
    // flood was still arriving (its 401 came back before the last refusal did) frees its slot for a
    // later guess, and each of the two hashing slots may free once more before its 401 reaches us.
    const freedDuringFlood = results.filter((r) => r.status === 401 && r.ended < slowestBusy).length;
    const admitted = 2 + 32 + freedDuringFlood + 2;
    console.log(
      `150 unknown-e-mail logins from 150 addresses: ${JSON.stringify(counts)}, last 503 after ${slowestBusy} ms, ${freedDuringFlood} hashes done by then`,
    );
    // Two hashing, 32 waiting (PASSWORD_HASH_QUEUE): everything else is turned away without a hash.
    expect(counts[401] ?? 0).toBeLessThanOrEqual(admitted);
    expect(busy.length).toBeGreaterThanOrEqual(150 - admitted);
    expect(busy.every((r) => r.retry === "1")).toBe(true);
    expect(slowestBusy).toBeLessThan(boundMs());
  }, 90_000);

  test("right passwords give their place back: 25 sign-ins in a row from one address all succeed", async () => {
    await addUser(srv.dataDir, { email: "regular@example.com" });
    for (let i = 0; i < 25; i++)
      expect((await attempt("regular@example.com", "password123", "192.0.2.25")).status).toBe(200);
  }, 30_000);
});
