import { afterEach, beforeEach, expect, test } from "bun:test";
import { createTestApp, ADMIN, type TestApp } from "../../src/testing/test-app";
import { auditRows } from "../../src/testing/expect-audit";
import type { SessionDto } from "../../src/shared/dto";

let t: TestApp;
beforeEach(async () => (t = await createTestApp()));
afterEach(() => t.close());

const FIREFOX = "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0";
const IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1";
async function signIn(userAgent: string) {
  const res = await t.request("/api/login", { json: ADMIN, headers: { "User-Agent": userAgent } });
  return (res.headers.get("set-cookie") ?? "").split(";")[0]!;
}
const list = async (cookie: string) =>
  (await (await t.request("/api/auth/sessions", { cookie })).json()) as SessionDto[];

test("sessions – the list shows each device, marks this one, and never the stored hash", async () => {
  const laptop = await signIn(FIREFOX);
  await signIn(IPHONE);
  const sessions = await list(laptop);
  expect(sessions.map((s) => [s.device, s.current]).sort()).toEqual([
    ["Firefox on Linux", true],
    ["Safari on iOS", false],
  ]);
  expect(sessions[0]!.id).toMatch(/^[0-9a-f]{16}$/);
  expect(JSON.stringify(sessions)).not.toMatch(/[0-9a-f]{64}/);
});

test("sessions – revoking one ends it at once; another user's session is not found", async () => {
  const laptop = await signIn(FIREFOX);
  const phone = await signIn(IPHONE);
  const other = await t.loginAs("staff");
  const phoneId = (await list(laptop)).find((s) => !s.current)!.id;
  const foreign = (await list(other))[0]!.id;
  expect(
    (await t.request(`/api/auth/sessions/${foreign}`, { method: "DELETE", cookie: laptop })).status,
  ).toBe(404);
  expect(
    (await t.request(`/api/auth/sessions/${phoneId}`, { method: "DELETE", cookie: laptop })).status,
  ).toBe(200);
  expect((await t.request("/api/auth/user", { cookie: phone })).status).toBe(401);
  expect((await t.request("/api/auth/user", { cookie: laptop })).status).toBe(200);
  expect((await t.request("/api/auth/user", { cookie: other })).status).toBe(200);
  expect((await t.request("/api/auth/sessions/zz", { method: "DELETE", cookie: laptop })).status).toBe(400);
});

test("sign out everywhere – ends every session, this one too unless kept", async () => {
  const a = await signIn(FIREFOX);
  const b = await signIn(IPHONE);
  const c = await signIn(FIREFOX);
  const kept = await t.request("/api/auth/sessions/revoke-all", { cookie: a, json: { keepCurrent: true } });
  expect(kept.status).toBe(200);
  expect((await t.request("/api/auth/user", { cookie: a })).status).toBe(200);
  expect((await t.request("/api/auth/user", { cookie: b })).status).toBe(401);
  expect((await t.request("/api/auth/user", { cookie: c })).status).toBe(401);
  const all = await t.request("/api/auth/sessions/revoke-all", { cookie: a, json: {} });
  expect(all.status).toBe(200);
  expect(all.headers.get("set-cookie")).toContain("Max-Age=0");
  expect((await t.request("/api/auth/user", { cookie: a })).status).toBe(401);
  expect(auditRows(t, { action: "sessions_revoked" }).map((r) => r.newValue)).toEqual([
    { sessions: 2 },
    { sessions: 1 },
  ]);
});
