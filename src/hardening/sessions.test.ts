// Sessions end when they should, fixation is impossible, guessing is throttled.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { ADMIN, addUser, client, cookieOf, launch, openDb, rssKiB, type Server } from "./harness";
import { pool } from "./load";

let srv: Server;
let api: ReturnType<typeof client>;
let n = 0;
const fresh = async (over: Parameters<typeof addUser>[1] extends infer U ? Partial<U> : never = {}) => {
  const email = `s${++n}@example.com`;
  const id = await addUser(srv.dataDir, { email, ...over });
  return { id, email, cookie: await api.login(email) };
};
const whoami = async (cookie: string) => (await api.req("/api/auth/user", { cookie })).status;

beforeAll(async () => {
  srv = await launch();
  api = client(srv.url);
}, 30_000);
afterAll(() => srv?.stop(), 15_000);

describe("sessions", () => {
  test("a signed-out session cookie replayed later is refused", async () => {
    const { cookie } = await fresh();
    expect(await whoami(cookie)).toBe(200);
    expect((await api.req("/api/logout", { cookie })).status).toBe(302);
    expect(await whoami(cookie)).toBe(401);
  });

  test("changing the password in one session ends the user's other sessions", async () => {
    const { email, cookie: a } = await fresh();
    const b = await api.login(email);
    const res = await api.req("/api/auth/password", {
      method: "PUT",
      cookie: a,
      json: { currentPassword: "password123", newPassword: "another-pass-1" },
    });
    expect(res.status).toBe(200);
    expect(await whoami(b)).toBe(401);
    expect(await whoami(a)).toBe(200);
  });

  test("suspending a user kills their open session at once, and they cannot sign in again (generic message)", async () => {
    const { id, email, cookie } = await fresh();
    const admin = await api.login(ADMIN.email, ADMIN.password);
    const res = await api.req(`/api/admin/users/${id}/status`, {
      method: "PUT",
      cookie: admin,
      json: { status: "suspended" },
    });
    expect(res.status).toBe(200);
    expect(await whoami(cookie)).toBe(401);
    const again = await api.req("/api/login", { json: { email, password: "password123" } });
    const unknown = await api.req("/api/login", {
      json: { email: "nobody-here@example.com", password: "password123" },
    });
    expect(again.status).toBe(401);
    expect(await again.json()).toEqual(await unknown.json());
  });

  test("a demoted admin loses admin routes on the very next request", async () => {
    const { id, cookie } = await fresh({ role: "admin" });
    expect((await api.req("/api/admin/users", { cookie })).status).toBe(200);
    const admin = await api.login(ADMIN.email, ADMIN.password);
    expect(
      (
        await api.req(`/api/admin/users/${id}/role`, {
          method: "PUT",
          cookie: admin,
          json: { role: "staff" },
        })
      ).status,
    ).toBe(200);
    expect((await api.req("/api/admin/users", { cookie })).status).toBe(403);
  });

  test("a session id planted before sign-in is replaced, and the planted value stays worthless", async () => {
    const planted = "sid=aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa";
    const { email } = await fresh();
    const res = await api.req("/api/login", { json: { email, password: "password123" }, cookie: planted });
    const issued = cookieOf(res)!;
    expect(issued).not.toBe(planted);
    expect(await whoami(planted)).toBe(401);
    // A real earlier session of someone else, sent along with a new sign-in, is not carried over either.
    const other = await fresh();
    const res2 = await api.req("/api/login", {
      json: { email, password: "password123" },
      cookie: other.cookie,
    });
    expect(cookieOf(res2)).not.toBe(other.cookie);
  });

  test("the session cookie is HttpOnly, SameSite=Lax, Path=/ and its Max-Age is within the server's lifetime", async () => {
    const res = await api.req("/api/login", { json: ADMIN });
    const set = res.headers.getSetCookie().find((c) => c.startsWith("sid="))!;
    expect(set).toMatch(/HttpOnly/i);
    expect(set).toMatch(/SameSite=Lax/i);
    expect(set).toMatch(/Path=\//);
    const maxAge = Number(set.match(/Max-Age=(\d+)/)?.[1]);
    expect(maxAge).toBeGreaterThan(0);
    expect(maxAge).toBeLessThanOrEqual(7 * 24 * 3600);
  });
});

describe("brute force", () => {
  test("guessing one account's password is throttled and rotating X-Forwarded-For does not reset it", async () => {
    const { email } = await fresh();
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) {
      const res = await api.req("/api/login", {
        json: { email, password: `wrong-${i}` },
        headers: { "X-Forwarded-For": `10.0.${i}.1` },
      });
      statuses.push(res.status);
    }
    const first429 = statuses.indexOf(429);
    console.log(`brute force, one account: first 429 at attempt ${first429 + 1} of 30`);
    expect(first429).toBeGreaterThan(0);
    expect(first429).toBeLessThanOrEqual(10);
    expect(statuses.slice(first429).every((s) => s === 429)).toBe(true);
    // Even the right password waits out the lock.
    expect(
      (
        await api.req("/api/login", {
          json: { email, password: "password123" },
          headers: { "X-Forwarded-For": "10.9.9.9" },
        })
      ).status,
    ).toBe(429);
  });

  test("spraying one password over many accounts from one address is throttled too", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) {
      const res = await api.req("/api/login", {
        json: { email: `spray${i}@example.com`, password: "Winter2026!" },
        headers: { "X-Forwarded-For": `10.1.${i}.1` },
      });
      statuses.push(res.status);
      if (res.status === 429) break;
    }
    console.log(`brute force, spraying: first 429 at attempt ${statuses.indexOf(429) + 1} of 30`);
    expect(statuses).toContain(429);
  }, 30_000);
});

describe("argon2 memory", () => {
  // 100 real argon2id checks take ~18 s on two cores: the full count runs under SLOW=1 (.ci/run).
  const LOGINS = process.env.SLOW ? 100 : 20;
  test(`${LOGINS} concurrent sign-ins with real argon2id cost keep the server's memory bounded`, async () => {
    const s = await launch();
    try {
      const c = client(s.url);
      const hash = await Bun.password.hash("real-cost-pass"); // Bun's default argon2id (64 MiB)
      const db = openDb(s.dataDir);
      db.query("UPDATE users SET password = ? WHERE email = ?").run(hash, ADMIN.email);
      db.close();
      let peak = 0;
      const sampler = setInterval(async () => (peak = Math.max(peak, await rssKiB(s.proc.pid))), 50);
      const started = Date.now();
      const statuses = await pool(
        [...Array(LOGINS).keys()],
        LOGINS,
        async () =>
          (await c.req("/api/login", { json: { email: ADMIN.email, password: "real-cost-pass" } })).status,
      );
      clearInterval(sampler);
      console.log(
        `argon2: ${LOGINS} parallel logins: ${statuses.filter((x) => x === 200).length}×200 in ${Date.now() - started} ms, peak RSS ${(peak / 1024).toFixed(0)} MiB`,
      );
      expect(statuses.every((x) => x === 200 || x === 429 || x === 503)).toBe(true);
      expect(peak / 1024).toBeLessThan(1024);
    } finally {
      await s.stop();
    }
  }, 60_000);
});
