import { afterEach, beforeEach, expect, test } from "bun:test";
import { desc, eq } from "drizzle-orm";
import { createTestApp, ADMIN, type TestApp } from "../../src/testing/test-app";
import { mailOutbox, users } from "../../db/schema";
import { withResetLink } from "../../src/auth/reset-tokens";
import { auditRows } from "../../src/testing/expect-audit";

let t: TestApp;
let admin: string;
let clock = new Date();
beforeEach(async () => {
  clock = new Date();
  t = await createTestApp({ now: () => clock });
  admin = await t.login(ADMIN.email, ADMIN.password);
});
afterEach(() => t.close());

const invitee = { email: "ivy@example.com", firstName: "Ivy", lastName: "Invited" };
const invite = async () => {
  const res = await t.request("/api/admin/users", { json: invitee, cookie: admin });
  expect(res.status).toBe(201);
  return (await res.json()) as { id: number; invitedAt: string | null };
};
/** The link the mail worker would put in the newest invitation at send time. */
function sentToken(): string {
  const row = t.db.select().from(mailOutbox).orderBy(desc(mailOutbox.id)).limit(1).get()!;
  expect(row.kind).toBe("invitation");
  expect(row.textBody).not.toMatch(/invitation\/[a-z2-7]{32}/); // nothing usable is stored
  return withResetLink(t.db, row, clock).textBody.match(/invitation\/([a-z2-7]{32})/)![1]!;
}
const accept = (token: string) =>
  t.request("/api/auth/reset-password", { json: { token, newPassword: "chosen-by-ivy" } });

test("invitation – a user added without a password is invited, chooses one once, then signs in", async () => {
  const user = await invite();
  expect(user.invitedAt).not.toBeNull();
  const token = sentToken();
  expect((await accept(token)).status).toBe(200);
  expect((await accept(token)).status).toBe(400); // single use
  await t.login(invitee.email, "chosen-by-ivy");
  expect(t.db.select().from(users).where(eq(users.id, user.id)).get()!.invitedAt).toBeNull();
  expect(auditRows(t, { action: "invitation_accepted" })).toHaveLength(1);
});

test("invitation – the link works for 7 days, not after", async () => {
  await invite();
  const token = sentToken();
  clock = new Date(clock.getTime() + 7 * 24 * 3600_000 + 1000);
  expect((await accept(token)).status).toBe(400);
});

test("invitation – resend replaces the link, revoke ends it; both audited and admin-only", async () => {
  const { id } = await invite();
  const first = sentToken();
  const staff = await t.loginAs("staff");
  expect(
    (await t.request(`/api/admin/users/${id}/invitation`, { method: "POST", cookie: staff })).status,
  ).toBe(403);
  expect(
    (await t.request(`/api/admin/users/${id}/invitation`, { method: "POST", cookie: admin })).status,
  ).toBe(200);
  const second = sentToken();
  expect((await accept(first)).status).toBe(400);
  expect(
    (await t.request(`/api/admin/users/${id}/invitation`, { method: "DELETE", cookie: admin })).status,
  ).toBe(200);
  expect((await accept(second)).status).toBe(400);
  expect(auditRows(t, { action: "invitation_sent" })).toHaveLength(1);
  expect(auditRows(t, { action: "invitation_revoked" })).toHaveLength(1);
  const row = t.db.select().from(mailOutbox).orderBy(desc(mailOutbox.id)).limit(1).get()!;
  expect(row.status).toBe("failed"); // a revoked invitation waiting in the outbox is never sent
});

test("invitation – a user who accepted or got a typed password cannot be re-invited", async () => {
  const res = await t.request("/api/admin/users", {
    json: { ...invitee, password: "typed-pass" },
    cookie: admin,
  });
  const typed = (await res.json()) as { id: number; invitedAt: string | null };
  expect(typed.invitedAt).toBeNull();
  const again = await t.request(`/api/admin/users/${typed.id}/invitation`, { method: "POST", cookie: admin });
  expect(again.status).toBe(400);
  expect(t.db.select().from(mailOutbox).all()).toHaveLength(0);
});
