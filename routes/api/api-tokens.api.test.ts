import { afterEach, beforeEach, expect, test } from "bun:test";
import { createTestApp, type TestApp } from "../../src/testing/test-app";
import { auditRows } from "../../src/testing/expect-audit";
import { insertTicket } from "../../src/tickets/admin-tickets.fixtures";

let t: TestApp;
let clock = new Date();
beforeEach(async () => {
  clock = new Date();
  t = await createTestApp({ now: () => clock });
});
afterEach(() => t.close());

async function mint(cookie: string, body: Record<string, unknown> = { name: "script" }) {
  await t.confirmPassword(cookie);
  const res = await t.request("/api/auth/tokens", { cookie, json: body });
  expect(res.status).toBe(201);
  return (await res.json()) as { id: number; token: string; prefix: string };
}
const bearer = (token: string, headers: Record<string, string> = {}) => ({
  headers: { Authorization: `Bearer ${token}`, ...headers },
});
const EVIL = { Origin: "https://evil.example" };

test("api token – shown once with a visible prefix; listed without its value; audited", async () => {
  const cookie = await t.loginAs("admin");
  const made = await mint(cookie, { name: "backup script", expiresInDays: 30 });
  expect(made.token).toMatch(/^hd_[a-z2-7]{32}$/);
  expect(made.prefix).toBe(`${made.token.slice(0, 7)}…`);
  const listed = await (await t.request("/api/auth/tokens", { cookie })).json();
  expect(JSON.stringify(listed)).not.toContain(made.token);
  expect(listed[0].name).toBe("backup script");
  expect(auditRows(t, { action: "api_token_created" })).toHaveLength(1);
});

test("api token – carries exactly the user's role: staff token reads its scope, admin routes 403", async () => {
  const staff = await t.loginAs("staff");
  const { token } = await mint(staff);
  expect((await t.request("/api/admin/tickets/stats", bearer(token))).status).toBe(200);
  expect((await t.request("/api/admin/users", bearer(token))).status).toBe(403);
  const admin = await mint(await t.loginAs("admin"));
  const created = await t.request("/api/admin/users", {
    ...bearer(admin.token),
    json: { email: "new@example.com", password: "secret1", firstName: "N", lastName: "U", role: "staff" },
  });
  expect(created.status).toBe(201);
});

test("api token – a limited staff member's token reads and writes only their tickets", async () => {
  const staff = await t.loginAs("staff", { allowedDepartments: ["Finance"] });
  const { token } = await mint(staff);
  const mine = insertTicket(t, { department: "Finance" });
  const theirs = insertTicket(t, { department: "IT" });
  const status = { method: "PUT", ...bearer(token), json: { status: "in_progress" } };
  expect((await t.request(`/api/admin/tickets/${mine.id}`, bearer(token))).status).toBe(200);
  expect((await t.request(`/api/admin/tickets/${mine.id}/status`, status)).status).toBe(200);
  expect((await t.request(`/api/admin/tickets/${theirs.id}`, bearer(token))).status).toBe(404);
  expect((await t.request(`/api/admin/tickets/${theirs.id}/status`, status)).status).toBe(404);
});

test("api token – revoked or expired answers 401; a token cannot mint tokens or change the password", async () => {
  const cookie = await t.loginAs("admin");
  const a = await mint(cookie);
  const b = await mint(cookie, { name: "short", expiresInDays: 1 });
  expect((await t.request("/api/auth/tokens", { ...bearer(a.token), json: { name: "x" } })).status).toBe(403);
  expect((await t.request("/api/auth/sessions", bearer(a.token))).status).toBe(403);
  expect((await t.request(`/api/auth/tokens/${a.id}`, { method: "DELETE", cookie })).status).toBe(200);
  expect((await t.request("/api/admin/tickets/stats", bearer(a.token))).status).toBe(401);
  expect((await t.request("/api/admin/tickets/stats", bearer(b.token))).status).toBe(200);
  clock = new Date(clock.getTime() + 86_400_000 + 1);
  expect((await t.request("/api/admin/tickets/stats", bearer(b.token))).status).toBe(401);
});

test("api token – never accepted from a cookie", async () => {
  const { token } = await mint(await t.loginAs("admin"));
  expect((await t.request("/api/admin/tickets/stats", { cookie: `sid=${token}` })).status).toBe(401);
});

test("api token – works from another origin without a cookie; a cookie from another origin is still refused", async () => {
  const cookie = await t.loginAs("admin");
  const { token } = await mint(cookie);
  const viaToken = await t.request("/api/admin/users", { ...bearer(token, EVIL), json: {} });
  expect(viaToken.status).toBe(400); // past the origin check and the guard, refused only by validation
  const viaCookie = await t.request("/api/admin/users", { cookie, headers: EVIL, json: {} });
  expect(viaCookie.status).toBe(403);
  const both = await t.request("/api/admin/users", { cookie, ...bearer(token, EVIL), json: {} });
  expect(both.status).toBe(403);
});

test("api token – last use written at most once a minute", async () => {
  const cookie = await t.loginAs("admin");
  const { token } = await mint(cookie);
  const changes = () => (t.sqlite.query("SELECT total_changes() AS c").get() as { c: number }).c;
  await t.request("/api/admin/tickets/stats", bearer(token));
  const before = changes();
  for (let i = 0; i < 10; i++) await t.request("/api/admin/tickets/stats", bearer(token));
  expect(changes()).toBe(before);
  const listed = await (await t.request("/api/auth/tokens", { cookie })).json();
  expect(listed[0].lastUsedAt).toBe(clock.toISOString());
});

test("api token – admins list and revoke anyone's; staff cannot", async () => {
  const staff = await t.loginAs("staff", { email: "s@example.com" });
  const { token, id } = await mint(staff);
  const admin = await t.loginAs("admin");
  const all = await (await t.request("/api/admin/api-tokens", { cookie: admin })).json();
  expect(all.map((x: { userEmail: string }) => x.userEmail)).toEqual(["s@example.com"]);
  expect((await t.request(`/api/admin/api-tokens/${id}`, { method: "DELETE", cookie: staff })).status).toBe(
    403,
  );
  expect((await t.request(`/api/auth/tokens/${id}`, { method: "DELETE", cookie: admin })).status).toBe(404);
  expect((await t.request(`/api/admin/api-tokens/${id}`, { method: "DELETE", cookie: admin })).status).toBe(
    200,
  );
  expect((await t.request("/api/admin/tickets/stats", bearer(token))).status).toBe(401);
  expect(auditRows(t, { action: "api_token_revoked" })).toHaveLength(1);
});
