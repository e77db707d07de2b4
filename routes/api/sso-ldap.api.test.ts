import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { createTestApp, ADMIN, type TestApp } from "../../src/testing/test-app";
import { startSlapd, LDAP_BASE, LDAP_SERVICE, type Slapd } from "../../src/testing/slapd";
import { auditRows } from "../../src/testing/expect-audit";
import { recheckDirectoryUsers } from "../../src/auth/sso/directory-recheck";
import { users } from "../../db/schema";
import { resetLinkToken } from "../../src/testing/reset-link";

let slapd: Slapd;
let t: TestApp;
let admin: string;
const none = { role: "staff", allowedDepartments: [], allowedCompanies: [], canViewAllTickets: false };

const directory = (extra: Record<string, unknown> = {}) => ({
  enabled: true,
  url: slapd.url,
  startTls: true,
  caCertificate: slapd.ca,
  bindDn: LDAP_SERVICE.dn,
  bindPassword: LDAP_SERVICE.password,
  searchBase: `ou=people,${LDAP_BASE}`,
  // A disabled account is one the filter leaves out, as Active Directory's userAccountControl filter does.
  userFilter: "(&(objectClass=inetOrgPerson)(|(mail={login})(uid={login}))(!(employeeType=disabled)))",
  groupBase: `ou=groups,${LDAP_BASE}`,
  createUsers: true,
  newUserAccess: { ...none, allowedDepartments: ["IT"] },
  groupRules: [
    { ...none, group: "hd-finance", allowedDepartments: ["Finance"] },
    { ...none, group: "hd-admins", role: "admin" },
  ],
  ...extra,
});
const configure = async (ldap: Record<string, unknown>, rest: Record<string, unknown> = {}) => {
  const res = await t.request("/api/admin/sso", { method: "PUT", json: { ldap, ...rest }, cookie: admin });
  expect(res.status).toBe(200);
};
const signIn = (login: string, password: string) =>
  t.request("/api/sso/ldap/login", { json: { login, password } });
const sidOf = (res: Response) => (res.headers.get("set-cookie") ?? "").split(";")[0]!;
const lastFailure = () => auditRows(t, { action: "sso_failed" }).at(-1)?.newValue;

beforeAll(async () => {
  slapd = await startSlapd({
    people: [
      { uid: "alice", mail: "alice@example.com", password: "alice-pw", givenName: "Alice", sn: "Ng" },
      { uid: "bob", mail: "bob@example.com", password: "bob-pw" },
      { uid: "carol", mail: "carol@example.com", password: "carol-pw" },
      { uid: "dave", mail: "dave@example.com", password: "dave-pw" },
      { uid: "erin", mail: "erin@example.com", password: "erin-pw" },
    ],
    groups: { "hd-finance": ["alice"], "hd-admins": ["dave"] },
  });
  t = await createTestApp();
  admin = await t.login(ADMIN.email, ADMIN.password);
  await configure(directory());
});
afterAll(async () => {
  t.close();
  await slapd.stop();
});

describe("directory sign-in (LDAP)", () => {
  test("a right password binds, creates the user with the access of their groups, and is audited", async () => {
    const res = await signIn("alice", "alice-pw");
    expect(res.status).toBe(200);
    const me = await t.request("/api/auth/user", { cookie: sidOf(res) });
    expect(await me.json()).toMatchObject({
      email: "alice@example.com",
      firstName: "Alice",
      lastName: "Ng",
      role: "staff",
      allowedDepartments: ["Finance"],
    });
    expect(auditRows(t, { action: "sso_provisioned" })).toHaveLength(1);
    expect(auditRows(t, { action: "sso_login" }).at(-1)?.newValue).toEqual({
      email: "alice@example.com",
      provider: "ldap",
    });
  });

  test("an admin group makes an admin; the e-mail works as the login too", async () => {
    const res = await signIn("dave@example.com", "dave-pw");
    expect(res.status).toBe(200);
    expect(((await res.json()) as { role: string }).role).toBe("admin");
  });

  test("a wrong password is refused like any failed sign-in, audited without the password", async () => {
    const res = await signIn("alice", "wrong-pw");
    expect(res.status).toBe(401);
    expect(((await res.json()) as { message: string }).message).toBe("Invalid email or password");
    expect(lastFailure()).toEqual({ provider: "ldap", reason: "wrong_password", login: "alice" });
    expect(JSON.stringify(auditRows(t))).not.toContain("wrong-pw");
  });

  test("a filter-breaking login is escaped, not obeyed", async () => {
    const res = await signIn("*)(uid=*", "alice-pw");
    expect(res.status).toBe(401);
  });

  test("a disabled account cannot sign in at the next attempt, and its open session ends at the re-check", async () => {
    const session = sidOf(await signIn("bob", "bob-pw"));
    expect((await t.request("/api/auth/user", { cookie: session })).status).toBe(200);
    await slapd.disable("bob");
    expect((await signIn("bob", "bob-pw")).status).toBe(401);
    expect(lastFailure()).toMatchObject({ reason: "not_in_directory" });
    expect(await recheckDirectoryUsers(t.deps)).toBe(1);
    expect((await t.request("/api/auth/user", { cookie: session })).status).toBe(401);
    const bob = t.db.select().from(users).where(eq(users.email, "bob@example.com")).get()!;
    expect(auditRows(t, { action: "sso_revoked", entityId: bob.id })).toHaveLength(1);
  });

  test("a removed account cannot sign in either, and its session ends; others keep theirs", async () => {
    const carol = sidOf(await signIn("carol", "carol-pw"));
    const alice = sidOf(await signIn("alice", "alice-pw"));
    await slapd.remove("carol");
    expect((await signIn("carol", "carol-pw")).status).toBe(401);
    expect(await recheckDirectoryUsers(t.deps)).toBe(1);
    expect((await t.request("/api/auth/user", { cookie: carol })).status).toBe(401);
    expect((await t.request("/api/auth/user", { cookie: alice })).status).toBe(200);
  });

  test("an account that came from the directory cannot use a local password, even one set here", async () => {
    const hash = await t.deps.passwords.hash("local-pw");
    t.db.update(users).set({ password: hash }).where(eq(users.email, "alice@example.com")).run();
    expect(
      (await t.request("/api/login", { json: { email: "alice@example.com", password: "local-pw" } })).status,
    ).toBe(401);
    expect((await signIn("alice@example.com", "local-pw")).status).toBe(401);
    const token = await resetLinkToken(t, "alice@example.com");
    const reset = await t.request("/api/auth/reset-password", { json: { token, newPassword: "reset-pw" } });
    expect(reset.status).toBe(400);
    expect(reset.headers.get("set-cookie")).toBeNull();
  });

  test("a person the directory does not know falls back to the local password (the break-glass admin)", async () => {
    expect((await signIn(ADMIN.email, ADMIN.password)).status).toBe(200);
  });
});

describe("directory TLS", () => {
  test("without StartTLS the directory refuses to talk (it requires TLS), so the sign-in answers 503", async () => {
    await configure(directory({ startTls: false }));
    expect((await signIn("erin", "erin-pw")).status).toBe(503);
    expect(lastFailure()).toMatchObject({ reason: "provider_unreachable" });
  });

  test("StartTLS with a certificate the configured CA did not sign is refused", async () => {
    const out = `${slapd.dir}/other-ca.pem`;
    const args = ["-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=127.0.0.1"];
    Bun.spawnSync(["openssl", "req", ...args, "-keyout", `${slapd.dir}/other-key.pem`, "-out", out]);
    await configure(directory({ caCertificate: await Bun.file(out).text() }));
    expect((await signIn("erin", "erin-pw")).status).toBe(503);
    await configure(directory({ caCertificate: "" }));
    expect((await signIn("erin", "erin-pw")).status).toBe(503);
  });

  test("StartTLS with the directory's CA, and LDAPS, both sign in", async () => {
    await configure(directory());
    expect((await signIn("erin", "erin-pw")).status).toBe(200);
    await configure(directory({ url: slapd.ldapsUrl }));
    expect((await signIn("erin", "erin-pw")).status).toBe(200);
  });

  test("the bind password is never returned by the settings API", async () => {
    const body = await (await t.request("/api/admin/sso", { cookie: admin })).text();
    expect(body).not.toContain(LDAP_SERVICE.password);
    expect(body).toContain('"hasBindPassword":true');
  });
});
