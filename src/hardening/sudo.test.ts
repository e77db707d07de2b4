// Account take-over with a stolen credential, against the real server: a leaked admin token or session
// alone must not reset its own second factor, set its own password or turn on a factor the owner lacks.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { ADMIN, addUser, client, launch, type Server } from "./harness";
import { stepAt, totpCodeAt } from "../auth/totp";

let srv: Server;
let api: ReturnType<typeof client>;
beforeAll(async () => {
  srv = await launch();
  api = client(srv.url);
}, 30_000);
afterAll(() => srv?.stop(), 15_000);

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
const REAUTH = { message: "Please confirm your password to continue", code: "reauth_required" };

/** A token minted by the owner in a confirmed session: what a leak hands an attacker. */
async function tokenOf(cookie: string, password = "password123") {
  await api.confirm(cookie, password);
  const res = await api.req("/api/auth/tokens", { cookie, json: { name: "leaked" } });
  expect(res.status).toBe(201);
  return ((await res.json()) as { token: string }).token;
}

async function enrol(cookie: string, password = "password123") {
  await api.confirm(cookie, password);
  const { secret } = await (await api.req("/api/auth/two-factor/enrol", { method: "POST", cookie })).json();
  const code = totpCodeAt(secret, stepAt(new Date()));
  expect((await api.req("/api/auth/two-factor/confirm", { json: { code }, cookie })).status).toBe(200);
}

describe("a leaked admin credential cannot take its own account over", () => {
  test("an admin token: own 2FA reset and own temporary password refused; the old password still signs in", async () => {
    const cookie = await api.login(ADMIN.email, ADMIN.password);
    const me = ((await (await api.req("/api/auth/user", { cookie })).json()) as { id: number }).id;
    await enrol(cookie, ADMIN.password);
    const token = await tokenOf(cookie, ADMIN.password);
    const reset = await api.req(`/api/admin/users/${me}/reset-two-factor`, {
      method: "POST",
      headers: bearer(token),
    });
    const temp = await api.req(`/api/admin/users/${me}/temporary-password`, {
      method: "PUT",
      headers: bearer(token),
      json: { password: "taken-over-1" },
    });
    expect([reset.status, temp.status]).toEqual([403, 403]);
    const asAttacker = await api.req("/api/login", {
      json: { email: ADMIN.email, password: "taken-over-1" },
    });
    expect(asAttacker.status).toBe(401);
    const asOwner = await api.req("/api/login", { json: ADMIN });
    expect(await asOwner.json()).toMatchObject({ twoFactorRequired: true }); // the factor stayed
  });

  test("an admin session without the password: reset-2FA and temporary password ask for it, and never for oneself", async () => {
    const email = "second-admin@example.com";
    await addUser(srv.dataDir, { email, role: "admin" });
    const victim = await addUser(srv.dataDir, { email: "colleague@example.com" });
    const cookie = await api.login(email);
    const me = ((await (await api.req("/api/auth/user", { cookie })).json()) as { id: number }).id;
    const own = () =>
      api.req(`/api/admin/users/${me}/temporary-password`, {
        method: "PUT",
        cookie,
        json: { password: "taken-over-1" },
      });
    const stale = await own();
    expect([stale.status, await stale.json()]).toEqual([403, REAUTH]);
    const other = await api.req(`/api/admin/users/${victim}/reset-two-factor`, { method: "POST", cookie });
    expect([other.status, await other.json()]).toEqual([403, REAUTH]);
    await api.confirm(cookie);
    expect((await own()).status).toBe(403);
    expect(
      (await api.req(`/api/admin/users/${victim}/reset-two-factor`, { method: "POST", cookie })).status,
    ).toBe(200);
  });
});

describe("a stolen session cannot turn on a second factor", () => {
  test("enrol and confirm answer reauth_required without the password", async () => {
    await addUser(srv.dataDir, { email: "owner@example.com" });
    const cookie = await api.login("owner@example.com");
    const enrolRes = await api.req("/api/auth/two-factor/enrol", { method: "POST", cookie });
    const confirmRes = await api.req("/api/auth/two-factor/confirm", { json: { code: "123456" }, cookie });
    expect([enrolRes.status, await enrolRes.json()]).toEqual([403, REAUTH]);
    expect([confirmRes.status, await confirmRes.json()]).toEqual([403, REAUTH]);
    const status = await (await api.req("/api/auth/two-factor", { cookie })).json();
    expect(status.enabled).toBe(false);
  });
});

describe("two-factor sign-in required for everyone", () => {
  test("a token made earlier stops working, like its owner's session, until the owner sets it up", async () => {
    // requiring it takes an admin who has it on
    await addUser(srv.dataDir, { email: "policy-admin@example.com", role: "admin" });
    const policyAdmin = await api.login("policy-admin@example.com");
    await enrol(policyAdmin);
    await addUser(srv.dataDir, { email: "script-owner@example.com" });
    const owner = await api.login("script-owner@example.com");
    const token = await tokenOf(owner);
    const put = { method: "PUT", cookie: policyAdmin, json: { required: true } };
    expect((await api.req("/api/admin/security/two-factor", put)).status).toBe(200);
    const bySession = await api.req("/api/admin/tickets/stats", { cookie: owner });
    const byToken = await api.req("/api/admin/tickets/stats", { headers: bearer(token) });
    expect([bySession.status, byToken.status]).toEqual([403, 403]);
    await enrol(owner);
    expect((await api.req("/api/admin/tickets/stats", { headers: bearer(token) })).status).toBe(200);
    const off = { method: "PUT", cookie: policyAdmin, json: { required: false } };
    expect((await api.req("/api/admin/security/two-factor", off)).status).toBe(200);
  });
});
