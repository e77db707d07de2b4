import { afterEach, beforeEach, expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { createTestApp, type TestApp } from "../testing/test-app";

// A found session is kept until the database changes (sessions.ts); these hold that it never
// outlives its expiry, a change made by another process, or a logout.
let t: TestApp;
let clock = new Date();
beforeEach(async () => {
  clock = new Date();
  t = await createTestApp({ now: () => clock });
});
afterEach(() => t.close());

const me = async (cookie: string) => (await t.request("/api/admin/tickets/stats", { cookie })).status;

test("a session ends at its expiry even when nothing was written since it was last read", async () => {
  const cookie = await t.loginAs("admin");
  expect(await me(cookie)).toBe(200);
  clock = new Date(clock.getTime() + t.config.sessionTtlMs * 0.4); // before half-life: not extended
  expect(await me(cookie)).toBe(200);
  clock = new Date(clock.getTime() + t.config.sessionTtlMs * 0.6);
  expect(await me(cookie)).toBe(401);
});

const at = (ms: number) => (clock = new Date(clock.getTime() + ms));

test("sliding expiry – a session used past half its life lives on, up to the maximum from sign-in", async () => {
  const cookie = await t.loginAs("admin");
  const start = clock.getTime();
  const ttl = t.config.sessionTtlMs;
  let extended = 0;
  // Used every 0.6 of its life: each use extends it, until the maximum from sign-in ends it.
  for (let used = 0; used < t.config.sessionMaxMs + ttl; used += ttl * 0.6) {
    at(ttl * 0.6);
    const res = await t.request("/api/admin/tickets/stats", { cookie });
    if (res.status !== 200) break;
    if (res.headers.get("set-cookie")) extended++;
  }
  expect(extended).toBeGreaterThan(3);
  // Refused at the first use after the maximum, not before it.
  expect(clock.getTime()).toBeGreaterThan(start + t.config.sessionMaxMs);
  expect(clock.getTime()).toBeLessThanOrEqual(start + t.config.sessionMaxMs + ttl * 0.6);
  expect(await me(cookie)).toBe(401);
});

test("sliding expiry – requests within a minute write nothing; last seen moves at most once a minute", async () => {
  const cookie = await t.loginAs("admin");
  const changes = () => (t.sqlite.query("SELECT total_changes() AS c").get() as { c: number }).c;
  const before = changes();
  for (let i = 0; i < 20; i++) {
    at(2000);
    expect(await me(cookie)).toBe(200);
  }
  expect(changes() - before).toBe(0);
  at(25_000);
  expect(await me(cookie)).toBe(200);
  expect(changes() - before).toBe(1);
  expect(await me(cookie)).toBe(200);
  expect(changes() - before).toBe(1);
});

test("a suspension written by another process takes effect on the next request", async () => {
  const cookie = await t.loginAs("staff", { email: "kept@example.com" });
  expect(await me(cookie)).toBe(200);
  expect(await me(cookie)).toBe(200);
  const other = new Database(t.config.dbPath);
  other.query("UPDATE users SET status = 'suspended' WHERE email = 'kept@example.com'").run();
  other.close();
  expect(await me(cookie)).toBe(401);
});

test("after logout the same cookie is refused at once", async () => {
  const cookie = await t.loginAs("admin");
  expect(await me(cookie)).toBe(200);
  expect((await t.request("/api/logout", { cookie })).status).toBe(302);
  expect(await me(cookie)).toBe(401);
});
