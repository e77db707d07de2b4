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
  clock = new Date(clock.getTime() + t.config.sessionTtlMs - 1000);
  expect(await me(cookie)).toBe(200);
  clock = new Date(clock.getTime() + 1000);
  expect(await me(cookie)).toBe(401);
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
