import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { createRemoteJWKSet } from "jose";
import { createTestApp, ADMIN, type TestApp } from "../../src/testing/test-app";
import { startOidcIssuer, type OidcIssuer } from "../../src/testing/oidc-issuer";
import { signInAtProvider } from "../../src/testing/oidc-login";
import { auditRows } from "../../src/testing/expect-audit";
import { verifyIdToken } from "../../src/auth/sso/id-token";
import { appSettings, ssoIdentities, users } from "../../db/schema";
import { codeStep, enrolTwoFactor } from "../../src/testing/two-factor";
import { resetLinkToken } from "../../src/testing/reset-link";

const CALLBACK = "http://localhost/api/sso/oidc/acme/callback";
const SECRET = "acme-client-secret-value";
let issuer: OidcIssuer;
let t: TestApp;
let admin: string;

const provider = (extra: Record<string, unknown> = {}) => ({
  id: "acme",
  label: "Acme Login",
  issuer: issuer.issuer,
  clientId: "helpdesk",
  clientSecret: SECRET,
  ...extra,
});
const configure = async (p: Record<string, unknown>, rest: Record<string, unknown> = {}) => {
  const res = await t.request("/api/admin/sso", {
    method: "PUT",
    json: { providers: [p], ...rest },
    cookie: admin,
  });
  expect(res.status).toBe(200);
};

/** From the app's start link through the provider's login page; returns the callback URL and the flow cookie. */
async function startAndSignIn(account: string) {
  const start = await t.request("/api/sso/oidc/acme/start");
  expect(start.status).toBe(302);
  const flow = (start.headers.get("set-cookie") ?? "").split(";")[0]!;
  expect(flow).toStartWith("sso_flow=");
  const back = await signInAtProvider(start.headers.get("location")!, account);
  expect(back.href).toStartWith(CALLBACK);
  return { back, flow };
}
const callback = (back: URL, flow: string) => t.request(`${back.pathname}${back.search}`, { cookie: flow });
const failureOf = (res: Response) =>
  new URL(res.headers.get("location")!, "http://x").searchParams.get("sso_error");

beforeAll(async () => {
  issuer = await startOidcIssuer({
    clients: [
      { clientId: "helpdesk", clientSecret: SECRET, redirectUris: [CALLBACK] },
      {
        clientId: "from-env",
        clientSecret: "env-secret",
        redirectUris: ["http://localhost/api/sso/oidc/default/callback"],
      },
    ],
    accounts: [
      { sub: "u-known", email: "Known@Example.com", name: "Known" },
      { sub: "u-unverified", email: "unverified@example.com", emailVerified: false },
      { sub: "u-new", email: "new.person@example.com", name: "New", groups: ["hd-finance", "hd-sales"] },
      { sub: "u-stranger", email: "stranger@example.com" },
      { sub: "u-suspended", email: "suspended@example.com" },
      { sub: "u-totp", email: "totp@example.com" },
    ],
  });
  t = await createTestApp();
  admin = await t.login(ADMIN.email, ADMIN.password);
  await t.createUser({ email: "known@example.com" });
  await t.createUser({ email: "suspended@example.com", status: "suspended" });
  await configure(provider());
});
afterAll(async () => {
  t.close();
  await issuer.stop();
});

describe("OpenID Connect sign-in", () => {
  test("a verified e-mail signs in the existing user, links the subject and is audited", async () => {
    const { back, flow } = await startAndSignIn("u-known");
    const res = await callback(back, flow);
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/admin");
    const sid = (res.headers.get("set-cookie") ?? "")
      .split(", ")
      .find((c) => c.startsWith("sid="))!
      .split(";")[0]!;
    const me = await t.request("/api/auth/user", { cookie: sid });
    expect(((await me.json()) as { email: string }).email).toBe("known@example.com");
    const link = t.db.select().from(ssoIdentities).where(eq(ssoIdentities.subject, "u-known")).get();
    expect(link?.provider).toBe("oidc:acme");
    expect(auditRows(t, { action: "sso_login" }).at(-1)?.newValue).toEqual({
      email: "known@example.com",
      provider: "oidc:acme",
    });
  });

  test("a callback whose state is not the flow's is refused and audited with the reason", async () => {
    const { back, flow } = await startAndSignIn("u-known");
    back.searchParams.set("state", "forged-state");
    const res = await callback(back, flow);
    expect(failureOf(res)).toBe("state_mismatch");
    expect(res.headers.get("set-cookie") ?? "").not.toContain("sid=");
    expect(auditRows(t, { action: "sso_failed" }).at(-1)?.newValue).toEqual({
      provider: "oidc:acme",
      reason: "state_mismatch",
    });
  });

  test("a callback without the flow cookie is refused", async () => {
    const { back } = await startAndSignIn("u-known");
    expect(failureOf(await callback(back, "sso_flow=nothing"))).toBe("state_mismatch");
  });

  test("a replayed code is refused by the provider and signs nobody in", async () => {
    const { back, flow } = await startAndSignIn("u-known");
    expect((await callback(back, flow)).headers.get("location")).toBe("/admin");
    const again = await callback(back, flow);
    expect(failureOf(again)).toBe("code_rejected");
    expect(again.headers.get("set-cookie") ?? "").not.toContain("sid=");
  });

  test("an unverified e-mail is not matched to the user with that address", async () => {
    await t.createUser({ email: "unverified@example.com" });
    const { back, flow } = await startAndSignIn("u-unverified");
    expect(failureOf(await callback(back, flow))).toBe("email_unverified");
  });

  test("a suspended user is refused", async () => {
    const { back, flow } = await startAndSignIn("u-suspended");
    expect(failureOf(await callback(back, flow))).toBe("account_suspended");
  });

  test("without just-in-time creation an unknown person is refused and no user is created", async () => {
    const { back, flow } = await startAndSignIn("u-stranger");
    expect(failureOf(await callback(back, flow))).toBe("no_account");
    expect(t.db.select().from(users).where(eq(users.email, "stranger@example.com")).get()).toBeUndefined();
    expect(auditRows(t, { action: "sso_failed" }).at(-1)?.newValue).toEqual({
      provider: "oidc:acme",
      reason: "no_account",
      login: "stranger@example.com",
    });
  });

  test("with just-in-time creation a new user gets the access its groups map to, audited", async () => {
    const none = { role: "staff", allowedDepartments: [], allowedCompanies: [], canViewAllTickets: false };
    await configure(
      provider({
        scopes: "openid email profile groups",
        createUsers: true,
        newUserAccess: { ...none, allowedDepartments: ["IT"] },
        groupRules: [
          {
            ...none,
            group: "hd-finance",
            allowedDepartments: ["Finance"],
            allowedCompanies: ["Main Office"],
          },
          { ...none, group: "hd-sales", allowedDepartments: ["Sales"] },
        ],
      }),
    );
    const { back, flow } = await startAndSignIn("u-new");
    expect((await callback(back, flow)).headers.get("location")).toBe("/admin");
    const row = t.db.select().from(users).where(eq(users.email, "new.person@example.com")).get()!;
    expect(row).toMatchObject({
      role: "staff",
      allowedDepartments: ["Finance", "Sales"],
      allowedCompanies: ["Main Office"],
      canViewAllTickets: false,
      firstName: "New",
    });
    const audit = auditRows(t, { action: "sso_provisioned", entityId: row.id });
    expect(audit).toHaveLength(1);
    expect(audit[0]!.newValue).toMatchObject({ provider: "oidc:acme", groups: ["hd-finance", "hd-sales"] });
    await configure(provider());
  });
});

describe("two-factor users", () => {
  test("are asked for their code after the provider, unless the provider is trusted for strong authentication", async () => {
    await t.createUser({ email: "totp@example.com" });
    const { codeAt } = await enrolTwoFactor(t, await t.login("totp@example.com", "password123"));
    let { back, flow } = await startAndSignIn("u-totp");
    const asked = await callback(back, flow);
    const challenge = asked.headers.get("location")!.match(/^\/login#challenge=([a-z2-7]{32})$/)?.[1];
    expect(challenge).toBeDefined();
    expect(asked.headers.get("set-cookie") ?? "").not.toContain("sid=");
    expect((await codeStep(t, challenge!, codeAt(1))).status).toBe(200);
    await configure(provider({ strongAuth: true }));
    ({ back, flow } = await startAndSignIn("u-totp"));
    expect((await callback(back, flow)).headers.get("location")).toBe("/admin");
    await configure(provider());
  });
});

describe("ID token checks against the provider's published keys", () => {
  const keys = () => createRemoteJWKSet(new URL(`${issuer.issuer}/jwks`));
  const now = new Date();
  const claims = (extra: Record<string, unknown> = {}) => ({
    iss: issuer.issuer,
    aud: "helpdesk",
    sub: "u-known",
    nonce: "n-1",
    iat: Math.floor(now.getTime() / 1000),
    exp: Math.floor(now.getTime() / 1000) + 300,
    ...extra,
  });
  const check = async (token: string, at = now) =>
    verifyIdToken(token, {
      keys: keys(),
      issuer: issuer.issuer,
      audience: "helpdesk",
      nonce: "n-1",
      now: at,
    }).then(
      () => "ok",
      (e: { reason?: string }) => e.reason,
    );

  test("a token signed by the provider for this client passes", async () => {
    expect(await check(await issuer.sign(claims()))).toBe("ok");
  });
  test("a token for another client (wrong audience) is refused", async () => {
    expect(await check(await issuer.sign(claims({ aud: "another-app" })))).toBe("wrong_audience");
  });
  test("an expired token is refused by the app's clock", async () => {
    const token = await issuer.sign(claims());
    expect(await check(token, new Date(now.getTime() + 3600_000))).toBe("token_expired");
  });
  test("another issuer, another nonce or a forged signature are refused", async () => {
    expect(await check(await issuer.sign(claims({ iss: "http://evil.test" })))).toBe("wrong_issuer");
    expect(await check(await issuer.sign(claims({ nonce: "other" })))).toBe("token_invalid");
    const [h, p] = (await issuer.sign(claims())).split(".");
    const [, , s] = (await issuer.sign(claims({ sub: "someone-else" }))).split(".");
    expect(await check(`${h}.${p}.${s}`)).toBe("token_invalid");
  });
});

describe("Sign-in settings", () => {
  test("the client secret is sealed at rest, never returned and never audited", async () => {
    const body = await (await t.request("/api/admin/sso", { cookie: admin })).text();
    expect(body).not.toContain(SECRET);
    expect(body).toContain('"hasClientSecret":true');
    const stored = t.db.select().from(appSettings).where(eq(appSettings.key, "auth.sso")).get()!.value;
    expect(stored).not.toContain(SECRET);
    const audit = JSON.stringify(auditRows(t, { entityType: "sign_in_settings" }));
    expect(audit).not.toContain(SECRET);
    expect(audit).toContain("acme client secret");
  });

  test("staff cannot read or change them", async () => {
    const staff = await t.loginAs("staff");
    expect((await t.request("/api/admin/sso", { cookie: staff })).status).toBe(403);
  });

  test("password sign-in can be switched off for everyone but the break-glass admin", async () => {
    const staffEmail = "pw-staff@example.com";
    await t.createUser({ email: staffEmail });
    await configure(provider(), { passwordSignIn: "break_glass", breakGlassEmail: ADMIN.email });
    const refused = await t.request("/api/login", { json: { email: staffEmail, password: "password123" } });
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { message: string }).message).toContain(
      "Password sign-in is turned off",
    );
    expect((await t.request("/api/login", { json: ADMIN })).status).toBe(200);
    const token = await resetLinkToken(t, staffEmail);
    const reset = await t.request("/api/auth/reset-password", { json: { token, newPassword: "another-pw" } });
    expect(reset.status).toBe(403);
    expect(reset.headers.get("set-cookie")).toBeNull();
    await configure(provider());
  });

  test("the sign-in page lists the providers' buttons", async () => {
    const res = await t.request("/api/sso/options");
    expect(await res.json()).toEqual({
      providers: [{ id: "acme", label: "Acme Login" }],
      directory: false,
      passwordSignIn: "everyone",
    });
  });
});

describe("a provider from the environment", () => {
  test("shows as a button and signs in through the same checks", async () => {
    const env = {
      OIDC_ISSUER: issuer.issuer,
      OIDC_CLIENT_ID: "from-env",
      OIDC_CLIENT_SECRET: "env-secret",
      OIDC_LABEL: "Office account",
    };
    const app = await createTestApp({ env });
    try {
      await app.createUser({ email: "known@example.com" });
      const options = (await (await app.request("/api/sso/options")).json()) as { providers: unknown[] };
      expect(options.providers).toEqual([{ id: "default", label: "Office account" }]);
      const start = await app.request("/api/sso/oidc/default/start");
      const flow = (start.headers.get("set-cookie") ?? "").split(";")[0]!;
      const back = await signInAtProvider(start.headers.get("location")!, "u-known");
      const res = await app.request(`${back.pathname}${back.search}`, { cookie: flow });
      expect(res.headers.get("location")).toBe("/admin");
    } finally {
      app.close();
    }
  });
});
