import { afterEach, beforeEach, expect, test } from "bun:test";
import { desc, eq } from "drizzle-orm";
import { createTestApp, ADMIN, type TestApp } from "../../src/testing/test-app";
import { mailOutbox, passwordResets, users } from "../../db/schema";
import { withResetLink } from "../../src/auth/reset-tokens";
import { auditRows } from "../../src/testing/expect-audit";

let t: TestApp;
let clock = new Date();
beforeEach(async () => {
  clock = new Date();
  t = await createTestApp({ now: () => clock, env: { PASSWORD_RESETS_PER_HOUR: "5" } });
});
afterEach(() => t.close());

const forgot = (email: string) => t.request("/api/auth/forgot-password", { json: { email } });

/** What the mail worker would send for the newest reset e-mail: the link minted at that moment. */
function sentLinkToken(): string {
  const row = t.db.select().from(mailOutbox).orderBy(desc(mailOutbox.id)).limit(1).get()!;
  expect(row.textBody).not.toMatch(/reset-password\/[a-z2-7]{32}/); // nothing usable is stored
  const sent = withResetLink(t.db, row, clock);
  return sent.textBody.match(/reset-password\/([a-z2-7]{32})/)![1]!;
}
const reset = (token: string, newPassword = "brand-new-pass") =>
  t.request("/api/auth/reset-password", { json: { token, newPassword } });

test("forgot password – the same answer for a known and an unknown e-mail; only the known one gets mail", async () => {
  const known = await forgot(ADMIN.email);
  const unknown = await forgot("nobody@example.com");
  expect(known.status).toBe(200);
  expect(await unknown.json()).toEqual(await known.json());
  const mails = t.db.select().from(mailOutbox).all();
  expect(mails.map((m) => [m.kind, m.recipients])).toEqual([["password_reset", ADMIN.email]]);
  expect(auditRows(t, { action: "password_reset_requested" })).toHaveLength(2);
});

test("reset link – signs in with the new password, works once, and ends the old sessions", async () => {
  const old = await t.loginAs("admin");
  await forgot(ADMIN.email);
  const token = sentLinkToken();
  expect(t.db.select().from(passwordResets).get()!.tokenHash).not.toContain(token);
  const res = await reset(token);
  expect(res.status).toBe(200);
  const cookie = (res.headers.get("set-cookie") ?? "").split(";")[0]!;
  expect((await t.request("/api/auth/user", { cookie })).status).toBe(200);
  expect((await t.request("/api/auth/user", { cookie: old })).status).toBe(401);
  expect((await reset(token, "another-pass")).status).toBe(400);
  await t.login(ADMIN.email, "brand-new-pass");
  expect(auditRows(t, { action: "password_reset" })).toHaveLength(1);
});

test("reset link – expires after 30 minutes and is replaced by a newer request", async () => {
  await forgot(ADMIN.email);
  const first = sentLinkToken();
  await forgot(ADMIN.email);
  const second = sentLinkToken();
  expect((await reset(first)).status).toBe(400);
  clock = new Date(clock.getTime() + 30 * 60_000 + 1);
  const expired = await reset(second);
  expect(expired.status).toBe(400);
  expect((await expired.json()).message).toContain("invalid or has expired");
});

test("reset link – a password change in the profile ends a pending link", async () => {
  const cookie = await t.loginAs("admin");
  await forgot(ADMIN.email);
  const token = sentLinkToken();
  const changed = await t.request("/api/auth/password", {
    method: "PUT",
    cookie,
    json: { currentPassword: ADMIN.password, newPassword: "changed-pass" },
  });
  expect(changed.status).toBe(200);
  expect((await reset(token)).status).toBe(400);
});

test("forgot password – per e-mail budget stops mail silently, per address answers 429", async () => {
  for (let i = 0; i < 7; i++) expect((await forgot(ADMIN.email)).status).toBe(200);
  expect(t.db.select().from(mailOutbox).all()).toHaveLength(5);
  for (let i = 0; i < 13; i++) await forgot(`x${i}@example.com`);
  const refused = await forgot("y@example.com");
  expect(refused.status).toBe(429);
  expect(refused.headers.get("retry-after")).toBeTruthy();
});

test("temporary password – the admin API answers 403 until the user changes it", async () => {
  const admin = await t.confirmPassword(await t.loginAs("admin"));
  const staff = await t.createUser({ email: "temp@example.com" });
  const staffCookie = await t.login("temp@example.com", "password123");
  const set = await t.request(`/api/admin/users/${staff.id}/temporary-password`, {
    method: "PUT",
    cookie: admin,
    json: { password: "temp-123456" },
  });
  expect(set.status).toBe(200);
  expect((await t.request("/api/auth/user", { cookie: staffCookie })).status).toBe(401);
  const cookie = await t.login("temp@example.com", "temp-123456");
  const me = await (await t.request("/api/auth/user", { cookie })).json();
  expect(me.mustChangePassword).toBe(true);
  const blocked = await t.request("/api/admin/tickets/stats", { cookie });
  expect(blocked.status).toBe(403);
  expect((await blocked.json()).message).toContain("temporary password");
  const changed = await t.request("/api/auth/password", {
    method: "PUT",
    cookie,
    json: { currentPassword: "temp-123456", newPassword: "my-own-pass" },
  });
  expect(changed.status).toBe(200);
  expect((await t.request("/api/admin/tickets/stats", { cookie })).status).toBe(200);
  expect(auditRows(t, { action: "temporary_password_set" })).toHaveLength(1);
});

test("admin reset link – queued for the user, staff may not send one", async () => {
  const admin = await t.loginAs("admin");
  const staffCookie = await t.loginAs("staff", { email: "s@example.com" });
  const target = t.db.select().from(users).where(eq(users.email, "s@example.com")).get()!;
  const path = `/api/admin/users/${target.id}/password-reset`;
  expect((await t.request(path, { method: "POST", cookie: staffCookie })).status).toBe(403);
  expect((await t.request(path, { method: "POST", cookie: admin })).status).toBe(200);
  expect(
    (await t.request("/api/admin/users/99999/password-reset", { method: "POST", cookie: admin })).status,
  ).toBe(404);
  expect(
    t.db
      .select()
      .from(mailOutbox)
      .all()
      .map((m) => m.recipients),
  ).toEqual(["s@example.com"]);
  expect((await reset(sentLinkToken())).status).toBe(200);
});

test("reset – malformed input gets a clear 400", async () => {
  expect((await reset("not-a-token")).status).toBe(400);
  expect((await reset("a".repeat(32), "123")).status).toBe(400);
  expect((await t.request("/api/auth/forgot-password", { json: { email: "nope" } })).status).toBe(400);
});
