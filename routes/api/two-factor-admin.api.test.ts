import { afterEach, beforeEach, expect, test } from "bun:test";
import { desc } from "drizzle-orm";
import { ADMIN, createTestApp, type TestApp } from "../../src/testing/test-app";
import { codeStep, cookieOf, enrolTwoFactor, passwordStep } from "../../src/testing/two-factor";
import { auditRows } from "../../src/testing/expect-audit";
import { mailOutbox, users } from "../../db/schema";
import { withResetLink } from "../../src/auth/reset-tokens";

let t: TestApp;
let clock = new Date("2026-03-02T10:00:10Z");
beforeEach(async () => {
  clock = new Date("2026-03-02T10:00:10Z");
  t = await createTestApp({ now: () => clock });
});
afterEach(() => t.close());
const tick = () => {
  clock = new Date(clock.getTime() + 30_000);
};
const require2fa = (cookie: string, required: boolean) =>
  t.request("/api/admin/security/two-factor", { method: "PUT", json: { required }, cookie });

test("admin reset – removes the factor, ends the user's sessions, is audited; staff may not", async () => {
  const cookie = await t.loginAs("staff", { email: "lost@example.com" });
  await enrolTwoFactor(t, cookie);
  const other = await t.loginAs("staff");
  const id = t.db
    .select()
    .from(users)
    .all()
    .find((u) => u.email === "lost@example.com")!.id;
  expect(
    (await t.request(`/api/admin/users/${id}/reset-two-factor`, { method: "POST", cookie: other })).status,
  ).toBe(403);
  const admin = await t.confirmPassword(await t.loginAs("admin"));
  const res = await t.request(`/api/admin/users/${id}/reset-two-factor`, { method: "POST", cookie: admin });
  expect(res.status).toBe(200);
  expect((await t.request("/api/auth/user", { cookie })).status).toBe(401);
  expect((await t.login("lost@example.com", "password123")).length).toBeGreaterThan(0);
  const [row] = auditRows(t, { action: "two_factor_reset" });
  expect(row).toMatchObject({ userId: 1, entityId: String(id), newValue: { twoFactorEnabled: false } });
  expect(
    (await t.request("/api/admin/users/9999/reset-two-factor", { method: "POST", cookie: admin })).status,
  ).toBe(404);
});

test("require for all – refused until the admin has it; then others must enrol before anything else", async () => {
  const admin = await t.loginAs("admin");
  expect((await require2fa(admin, true)).status).toBe(400);
  const { codeAt } = await enrolTwoFactor(t, admin);
  expect((await require2fa(admin, true)).status).toBe(200);
  expect(auditRows(t, { action: "updated", entityType: "security_settings" }).at(-1)!.newValue).toEqual({
    requireTwoFactor: true,
  });

  await t.createUser({ email: "late@example.com" });
  const login = await t.request("/api/login", {
    json: { email: "late@example.com", password: "password123" },
  });
  expect(await login.json()).toMatchObject({ mustEnrolTwoFactor: true, twoFactorEnabled: false });
  const cookie = cookieOf(login);
  expect((await t.request("/api/admin/tickets", { cookie })).status).toBe(403);
  expect((await t.request("/api/auth/tokens", { json: { name: "sneaky" }, cookie })).status).toBe(403);
  const page = await t.app.request("http://localhost/admin", {
    headers: { Cookie: cookie, Host: "localhost" },
  });
  expect(page.headers.get("location")).toBe("/profile");
  const { codeAt: mine } = await enrolTwoFactor(t, cookie, "password123");
  expect((await t.request("/api/admin/tickets", { cookie })).status).toBe(200);
  tick();
  const disable = { password: "password123", code: mine() };
  expect((await t.request("/api/auth/two-factor/disable", { json: disable, cookie })).status).toBe(400);
  // the admin's own sign-in still asks for the code
  expect((await codeStep(t, await passwordStep(t, ADMIN.email, ADMIN.password), codeAt())).status).toBe(200);
});

test("API tokens – made before two-factor sign-in, they keep working with no code", async () => {
  const cookie = await t.confirmPassword(await t.loginAs("staff", { email: "bot@example.com" }));
  const made = await t.request("/api/auth/tokens", { json: { name: "script" }, cookie });
  const { token } = (await made.json()) as { token: string };
  await enrolTwoFactor(t, cookie);
  const res = await t.request("/api/admin/tickets", { headers: { Authorization: `Bearer ${token}` } });
  expect(res.status).toBe(200);
  expect((await t.request("/api/auth/user", { cookie })).status).toBe(200); // enrolling kept the session
});

test("password reset link – with a second factor, the new password leads to the code step, not a session", async () => {
  const cookie = await t.loginAs("admin");
  const { codeAt } = await enrolTwoFactor(t, cookie);
  await t.request("/api/auth/forgot-password", { json: { email: ADMIN.email } });
  const row = t.db.select().from(mailOutbox).orderBy(desc(mailOutbox.id)).limit(1).get()!;
  const token = withResetLink(t.db, row, clock).textBody.match(/reset-password\/([a-z2-7]{32})/)![1]!;
  const res = await t.request("/api/auth/reset-password", { json: { token, newPassword: "new-pass-99" } });
  expect(res.status).toBe(200);
  expect(res.headers.get("set-cookie")).toBeNull();
  const { challenge } = (await res.json()) as { challenge: string };
  tick();
  expect((await codeStep(t, challenge, codeAt())).status).toBe(200);
});
