import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { createTestApp, type TestApp } from "../../src/testing/test-app";
import { codeStep, cookieOf, enrolTwoFactor, passwordStep } from "../../src/testing/two-factor";
import { auditRows } from "../../src/testing/expect-audit";
import { signInChallenges, totpFactors, totpRecoveryCodes } from "../../db/schema";
import { stepAt, totpCodeAt } from "../../src/auth/totp";

let t: TestApp;
let clock = new Date("2026-03-02T10:00:10Z");
const EMAIL = "two@example.com";
beforeEach(async () => {
  clock = new Date("2026-03-02T10:00:10Z");
  t = await createTestApp({ now: () => clock });
});
afterEach(() => t.close());
const tick = (seconds: number) => {
  clock = new Date(clock.getTime() + seconds * 1000);
};
const staff = () => t.loginAs("staff", { email: EMAIL });

describe("enrolment", () => {
  test("a pending key asks nothing at sign-in; a current code turns it on, keeps the session, gives ten codes once", async () => {
    const cookie = await t.confirmPassword(await staff());
    const start = await t.request("/api/auth/two-factor/enrol", { method: "POST", cookie });
    const { secret } = (await start.json()) as { secret: string };
    expect(
      (await t.request("/api/login", { json: { email: EMAIL, password: "password123" } })).headers.get(
        "set-cookie",
      ),
    ).not.toBeNull();
    const wrong = await t.request("/api/auth/two-factor/confirm", { json: { code: "000000" }, cookie });
    expect(wrong.status).toBe(400);
    const code = totpCodeAt(secret, stepAt(clock));
    const ok = await t.request("/api/auth/two-factor/confirm", { json: { code }, cookie });
    expect(ok.status).toBe(200);
    const { recoveryCodes } = (await ok.json()) as { recoveryCodes: string[] };
    expect(recoveryCodes).toHaveLength(10);
    const stored = t.db
      .select()
      .from(totpRecoveryCodes)
      .all()
      .map((r) => r.codeHash);
    for (const c of recoveryCodes) expect(stored.join()).not.toContain(c.replace("-", ""));
    expect((await t.request("/api/auth/user", { cookie })).status).toBe(200);
    const status = await (await t.request("/api/auth/two-factor", { cookie })).json();
    expect(status).toEqual({ enabled: true, recoveryCodesLeft: 10, required: false });
    expect((await t.request("/api/auth/two-factor/enrol", { method: "POST", cookie })).status).toBe(409);
    expect(auditRows(t, { action: "two_factor_enabled" })).toHaveLength(1);
  });
});

describe("sign-in with a second factor", () => {
  test("the password gives no session, only a challenge; a right code creates the session", async () => {
    const { codeAt } = await enrolTwoFactor(t, await staff());
    const challenge = await passwordStep(t, EMAIL, "password123");
    expect(
      t.db
        .select()
        .from(signInChallenges)
        .all()
        .map((r) => r.tokenHash),
    ).not.toContain(challenge);
    expect((await codeStep(t, challenge, "123456")).status).toBe(401);
    tick(30);
    const res = await codeStep(t, challenge, codeAt());
    expect(res.status).toBe(200);
    expect((await t.request("/api/admin/tickets", { cookie: cookieOf(res) })).status).toBe(200);
    expect((await codeStep(t, challenge, codeAt(1))).status).toBe(401); // used up
    const login = auditRows(t, { action: "login" }).at(-1)!;
    expect(login.newValue).toEqual({ email: EMAIL, secondFactor: "totp" });
  });

  test("a code already used in its window is refused; the next step's code works", async () => {
    const { codeAt } = await enrolTwoFactor(t, await staff());
    tick(30);
    expect((await codeStep(t, await passwordStep(t, EMAIL, "password123"), codeAt())).status).toBe(200);
    const again = await codeStep(t, await passwordStep(t, EMAIL, "password123"), codeAt());
    expect(again.status).toBe(401);
    expect((await codeStep(t, await passwordStep(t, EMAIL, "password123"), codeAt(1))).status).toBe(200);
    const row = t.db.select().from(totpFactors).get()!;
    expect(row.lastUsedStep).toBe(stepAt(clock) + 1);
  });

  test("the challenge ends after five minutes", async () => {
    const { codeAt } = await enrolTwoFactor(t, await staff());
    const challenge = await passwordStep(t, EMAIL, "password123");
    tick(5 * 60 + 1);
    const res = await codeStep(t, challenge, codeAt());
    expect(res.status).toBe(401);
    expect(((await res.json()) as { message: string }).message).toContain("expired");
  });

  test("a recovery code signs in once, in any case and without its dash", async () => {
    const { recoveryCodes } = await enrolTwoFactor(t, await staff());
    const code = recoveryCodes[3]!;
    const first = await codeStep(
      t,
      await passwordStep(t, EMAIL, "password123"),
      code.toUpperCase().replace("-", ""),
    );
    expect(first.status).toBe(200);
    expect((await codeStep(t, await passwordStep(t, EMAIL, "password123"), code)).status).toBe(401);
    expect(t.db.select().from(totpRecoveryCodes).all()).toHaveLength(9);
    expect(auditRows(t, { action: "login" }).at(-1)!.newValue).toMatchObject({
      secondFactor: "recovery_code",
    });
  });

  test("wrong codes are throttled per account: after five, even the right code gets 429 until the window passes", async () => {
    const { codeAt } = await enrolTwoFactor(t, await staff());
    tick(30);
    const challenge = await passwordStep(t, EMAIL, "password123");
    for (let i = 0; i < 5; i++) expect((await codeStep(t, challenge, `00000${i}`)).status).toBe(401);
    const refused = await codeStep(t, challenge, codeAt());
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    // a right password again clears the password budget, never the code budget
    expect((await codeStep(t, await passwordStep(t, EMAIL, "password123"), codeAt())).status).toBe(429);
    tick(15 * 60);
    expect((await codeStep(t, await passwordStep(t, EMAIL, "password123"), codeAt())).status).toBe(200);
  });
});

describe("turning it off", () => {
  test("needs the password and a code; then sign-in takes the password alone", async () => {
    const cookie = await staff();
    const { codeAt } = await enrolTwoFactor(t, cookie);
    tick(30);
    const noPassword = await t.request("/api/auth/two-factor/disable", {
      json: { password: "nope", code: codeAt() },
      cookie,
    });
    expect(noPassword.status).toBe(403);
    const noCode = await t.request("/api/auth/two-factor/disable", {
      json: { password: "password123", code: "111111" },
      cookie,
    });
    expect(noCode.status).toBe(400);
    const ok = await t.request("/api/auth/two-factor/disable", {
      json: { password: "password123", code: codeAt() },
      cookie,
    });
    expect(ok.status).toBe(200);
    expect(t.db.select().from(totpFactors).where(eq(totpFactors.userId, 2)).all()).toHaveLength(0);
    expect((await t.login(EMAIL, "password123")).length).toBeGreaterThan(0);
    expect(auditRows(t, { action: "two_factor_disabled" })).toHaveLength(1);
  });
});
