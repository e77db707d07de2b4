import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { ADMIN, createTestApp, type TestApp } from "../../src/testing/test-app";
import { enrolTwoFactor } from "../../src/testing/two-factor";
import { auditRows } from "../../src/testing/expect-audit";

let t: TestApp;
let clock = new Date("2026-03-02T10:00:10Z");
beforeEach(async () => {
  clock = new Date("2026-03-02T10:00:10Z");
  t = await createTestApp({ now: () => clock });
});
afterEach(() => t.close());
const later = (minutes: number) => {
  clock = new Date(clock.getTime() + minutes * 60_000);
};
const REAUTH = { message: "Please confirm your password to continue", code: "reauth_required" };

type Call = { path: string; method: string; json?: unknown };
let n = 0;
/** Each account-security action, made fresh for every call (new e-mails, new colleagues). */
const actions: Record<string, () => Promise<Call>> = {
  "reset a colleague's 2FA": async () => {
    const u = await t.createUser({ email: `c${++n}@example.com` });
    return { path: `/api/admin/users/${u.id}/reset-two-factor`, method: "POST" };
  },
  "set a temporary password": async () => {
    const u = await t.createUser({ email: `c${++n}@example.com` });
    const json = { password: "temp-123456" };
    return { path: `/api/admin/users/${u.id}/temporary-password`, method: "PUT", json };
  },
  "create an admin": async () => {
    const json = {
      email: `a${++n}@example.com`,
      password: "secret-123",
      firstName: "A",
      lastName: "B",
      role: "admin",
    };
    return { path: "/api/admin/users", method: "POST", json };
  },
  "make someone admin": async () => {
    const u = await t.createUser({ email: `c${++n}@example.com` });
    return { path: `/api/admin/users/${u.id}/role`, method: "PUT", json: { role: "admin" } };
  },
  "create an API token": async () => ({ path: "/api/auth/tokens", method: "POST", json: { name: "x" } }),
  "start 2FA enrolment": async () => ({ path: "/api/auth/two-factor/enrol", method: "POST" }),
  "change one's e-mail": async () => {
    const json = { firstName: "A", lastName: "B", email: `moved${++n}@example.com` };
    return { path: "/api/auth/profile", method: "PUT", json };
  },
};
const send = (call: Call, auth: { cookie?: string; headers?: Record<string, string> }) =>
  t.request(call.path, { method: call.method, json: call.json, ...auth });

describe("sudo mode", () => {
  for (const [name, make] of Object.entries(actions))
    test(`${name} – token 403; session needs the password within 10 minutes`, async () => {
      const cookie = await t.loginAs("admin");
      const { token } = await (
        await t.request("/api/auth/tokens", {
          json: { name: "bot" },
          cookie: await t.confirmPassword(cookie),
        })
      ).json();
      later(11);
      const viaToken = await send(await make(), { headers: { Authorization: `Bearer ${token}` } });
      expect(viaToken.status).toBe(403);
      expect((await viaToken.json()).code).toBeUndefined();
      const stale = await send(await make(), { cookie });
      expect([stale.status, await stale.json()]).toEqual([403, REAUTH]);
      await t.confirmPassword(cookie);
      later(9);
      expect((await send(await make(), { cookie })).status).toBeLessThan(300);
      later(2);
      const expired = await send(await make(), { cookie });
      expect([expired.status, await expired.json()]).toEqual([403, REAUTH]);
    });

  test("a fresh sign-in is not a confirmation; another session's confirmation does not count", async () => {
    const a = await t.login(ADMIN.email, ADMIN.password);
    const b = await t.confirmPassword(await t.login(ADMIN.email, ADMIN.password));
    const call = await actions["create an API token"]!();
    expect((await send(call, { cookie: a })).status).toBe(403);
    expect((await send(call, { cookie: b })).status).toBe(201);
  });

  test("confirming: a wrong password is refused and throttled like sign-in; a token cannot confirm", async () => {
    const cookie = await t.loginAs("admin");
    const { token } = await (
      await t.request("/api/auth/tokens", { json: { name: "bot" }, cookie: await t.confirmPassword(cookie) })
    ).json();
    const viaToken = await t.request("/api/auth/confirm-password", {
      json: { password: ADMIN.password },
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(viaToken.status).toBe(403);
    expect((await t.request("/api/auth/confirm-password", { json: { password: "x" } })).status).toBe(401);
    const statuses: number[] = [];
    for (let i = 0; i < 30 && !statuses.includes(429); i++)
      statuses.push(
        (await t.request("/api/auth/confirm-password", { json: { password: "no" }, cookie })).status,
      );
    expect(statuses[0]).toBe(400);
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.length).toBeLessThan(30);
    expect(auditRows(t, { action: "password_confirmed" })).toHaveLength(1);
  });

  test("a right current password in the body counts: password change, then a token without confirming", async () => {
    const cookie = await t.loginAs("staff", { email: "p@example.com" });
    const json = { currentPassword: "password123", newPassword: "new-pass-1" };
    expect((await t.request("/api/auth/password", { method: "PUT", json, cookie })).status).toBe(200);
    expect((await send(await actions["create an API token"]!(), { cookie })).status).toBe(201);
  });

  test("a staff member is created without confirming; only admins need it", async () => {
    const cookie = await t.loginAs("admin");
    const json = {
      email: "s1@example.com",
      password: "secret-123",
      firstName: "S",
      lastName: "T",
      role: "staff",
    };
    expect((await t.request("/api/admin/users", { json, cookie })).status).toBe(201);
  });

  test("2FA: confirming the code, regenerating recovery codes need a recent password; disabling takes it", async () => {
    const cookie = await t.loginAs("staff", { email: "f@example.com" });
    const { recoveryCodes, codeAt } = await enrolTwoFactor(t, cookie);
    later(11);
    const regen = () => t.request("/api/auth/two-factor/recovery-codes", { method: "POST", cookie });
    expect((await regen()).status).toBe(403);
    await t.confirmPassword(cookie);
    const fresh = await regen();
    expect(fresh.status).toBe(200);
    const codes = (await fresh.json()).recoveryCodes as string[];
    expect(codes).toHaveLength(10);
    expect(codes).not.toContain(recoveryCodes[0]);
    expect(auditRows(t, { action: "recovery_codes_regenerated" })).toHaveLength(1);
    later(11);
    const json = { password: "password123", code: codeAt() };
    expect((await t.request("/api/auth/two-factor/disable", { json, cookie })).status).toBe(200);
    // the password just given opens the next action too
    expect((await send(await actions["start 2FA enrolment"]!(), { cookie })).status).toBe(200);
    later(11);
    const confirm = await t.request("/api/auth/two-factor/confirm", { json: { code: codeAt() }, cookie });
    expect([confirm.status, await confirm.json()]).toEqual([403, REAUTH]);
  });
});

describe("own account through admin tools", () => {
  test("reset own 2FA, temporary password or reset link for oneself → 403; the profile is the way", async () => {
    const cookie = await t.confirmPassword(await t.loginAs("admin"));
    const me = (await (await t.request("/api/auth/user", { cookie })).json()).id as number;
    const calls = [
      { path: `/api/admin/users/${me}/reset-two-factor`, method: "POST" },
      { path: `/api/admin/users/${me}/temporary-password`, method: "PUT", json: { password: "temp-123456" } },
      { path: `/api/admin/users/${me}/password-reset`, method: "POST" },
    ];
    for (const call of calls) {
      const res = await send(call, { cookie });
      expect(res.status).toBe(403);
      expect((await res.json()).message).toContain("your profile");
    }
    expect((await t.request("/api/auth/user", { cookie })).status).toBe(200);
    expect((await t.login(ADMIN.email, ADMIN.password)).length).toBeGreaterThan(0);
  });
});

describe("two-factor sign-in required for everyone", () => {
  test("a token of someone without it answers 403 until they set it up", async () => {
    const admin = await t.loginAs("admin");
    await enrolTwoFactor(t, admin);
    const staff = await t.confirmPassword(await t.loginAs("staff", { email: "bot@example.com" }));
    const { token } = await (
      await t.request("/api/auth/tokens", { json: { name: "s" }, cookie: staff })
    ).json();
    const viaToken = () =>
      t.request("/api/admin/tickets/stats", { headers: { Authorization: `Bearer ${token}` } });
    expect((await viaToken()).status).toBe(200);
    const policy = { method: "PUT", json: { required: true }, cookie: admin };
    expect((await t.request("/api/admin/security/two-factor", policy)).status).toBe(200);
    const refused = await viaToken();
    expect(refused.status).toBe(403);
    expect((await refused.json()).message).toContain("Two-factor sign-in is required");
    await enrolTwoFactor(t, staff);
    expect((await viaToken()).status).toBe(200);
  });
});
