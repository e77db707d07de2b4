import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { createTestApp, ADMIN, type TestApp } from "../../src/testing/test-app";
import { sessions, users } from "../../db/schema";
import { expectAudit } from "../../src/testing/expect-audit";

let t: TestApp;
beforeEach(async () => (t = await createTestApp()));
afterEach(() => t.close());

describe("auth api", () => {
  test("login – right password signs in and the cookie is HttpOnly", async () => {
    const res = await t.request("/api/login", { json: ADMIN });
    expect(res.status).toBe(200);
    expect((await res.json()).email).toBe(ADMIN.email);
    const cookie = res.headers.get("set-cookie") ?? "";
    expect(cookie).toContain("HttpOnly");
    expect(cookie).toContain("SameSite=Lax");
  });

  test("login – wrong password and unknown e-mail get the same message", async () => {
    const wrong = await t.request("/api/login", { json: { ...ADMIN, password: "nope" } });
    const unknown = await t.request("/api/login", { json: { email: "who@example.com", password: "nope" } });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect((await wrong.json()).message).toBe("Invalid email or password");
    expect((await unknown.json()).message).toBe("Invalid email or password");
  });

  test("login – a hash made at another cost is replaced on the next right password, not on a wrong one", async () => {
    const old = await Bun.password.hash(ADMIN.password, {
      algorithm: "argon2id",
      memoryCost: 2048,
      timeCost: 1,
    });
    t.db.update(users).set({ password: old }).where(eq(users.email, ADMIN.email)).run();
    const stored = () => t.db.select().from(users).where(eq(users.email, ADMIN.email)).get()!.password;
    expect((await t.request("/api/login", { json: { ...ADMIN, password: "nope" } })).status).toBe(401);
    expect(stored()).toBe(old);
    expect((await t.request("/api/login", { json: ADMIN })).status).toBe(200);
    expect(stored()).not.toBe(old);
    expect(t.deps.passwords.needsRehash(stored())).toBe(false);
    expect((await t.request("/api/login", { json: ADMIN })).status).toBe(200);
  });

  test("login – a clear message for each bad input", async () => {
    const res = await t.request("/api/login", { json: { email: "not-an-email", password: "" } });
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.errors.email).toBe("Please enter a valid email address");
    expect(body.errors.password).toBe("Password is required");
  });

  test("login – repeated failures are throttled with 429", async () => {
    for (let i = 0; i < 5; i++) await t.request("/api/login", { json: { ...ADMIN, password: "bad" } });
    const res = await t.request("/api/login", { json: ADMIN });
    expect(res.status).toBe(429);
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
  });

  test("session – only the token's hash is stored", async () => {
    const cookie = await t.login(ADMIN.email, ADMIN.password);
    const token = cookie.split("=")[1]!;
    const rows = t.db.select().from(sessions).all();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.sid).not.toBe(token);
    expect(rows[0]!.sid).toMatch(/^[0-9a-f]{64}$/);
  });

  test("auth/user – 401 without a session, the user with one", async () => {
    expect((await t.request("/api/auth/user")).status).toBe(401);
    const cookie = await t.login(ADMIN.email, ADMIN.password);
    const res = await t.request("/api/auth/user", { cookie });
    expect(res.status).toBe(200);
    const user = await res.json();
    expect(user).toMatchObject({ email: ADMIN.email, role: "admin" });
    expect(user.password).toBeUndefined();
  });

  test("logout – ends the session and writes an audit row", async () => {
    const cookie = await t.login(ADMIN.email, ADMIN.password);
    const res = await t.request("/api/logout", { cookie });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/login");
    expect((await t.request("/api/auth/user", { cookie })).status).toBe(401);
    expectAudit(t, {}, [{ action: "login" }, { action: "logout" }]);
  });

  test("suspended user – cannot sign in and open sessions stop at once", async () => {
    const cookie = await t.loginAs("staff", { email: "s@example.com" });
    t.db.update(users).set({ status: "suspended" }).where(eq(users.email, "s@example.com")).run();
    expect((await t.request("/api/auth/user", { cookie })).status).toBe(401);
    const res = await t.request("/api/login", { json: { email: "s@example.com", password: "password123" } });
    expect(res.status).toBe(401);
  });

  test("profile – updates names and refuses an e-mail in use with 409", async () => {
    await t.createUser({ email: "taken@example.com" });
    const cookie = await t.login(ADMIN.email, ADMIN.password);
    const ok = await t.request("/api/auth/profile", {
      method: "PUT",
      cookie,
      json: { firstName: "Ada", lastName: "Lovelace", email: ADMIN.email },
    });
    expect(ok.status).toBe(200);
    expect((await ok.json()).firstName).toBe("Ada");
    const dup = await t.request("/api/auth/profile", {
      method: "PUT",
      cookie,
      json: { firstName: "Ada", lastName: "L", email: "TAKEN@example.com", currentPassword: ADMIN.password },
    });
    expect(dup.status).toBe(409);
    expect((await dup.json()).message).toBe("Email is already in use");
    const missing = await t.request("/api/auth/profile", {
      method: "PUT",
      cookie,
      json: { firstName: "", lastName: "L", email: ADMIN.email },
    });
    expect(missing.status).toBe(400);
  });

  test("profile – a new e-mail needs the right current password (or a recent one); names alone do not", async () => {
    const u = await t.createUser({ email: "mover@example.com" });
    const cookie = await t.login(u.email, "password123");
    const put = (json: Record<string, unknown>) =>
      t.request("/api/auth/profile", { method: "PUT", cookie, json });
    const names = { firstName: "M", lastName: "Over" };
    const none = await put({ ...names, email: "moved@example.com" });
    expect(none.status).toBe(403);
    expect((await none.json()).code).toBe("reauth_required");
    const wrong = await put({ ...names, email: "moved@example.com", currentPassword: "not-it" });
    expect(wrong.status).toBe(400);
    expect((await wrong.json()).errors.currentPassword).toBe("Current password is incorrect");
    expect((await put({ ...names, email: "mover@example.com" })).status).toBe(200);
    const ok = await put({ ...names, email: "moved@example.com", currentPassword: "password123" });
    expect(ok.status).toBe(200);
    expect((await ok.json()).email).toBe("moved@example.com");
  });

  test("password – wrong current password is refused; a change ends other sessions", async () => {
    const a = await t.login(ADMIN.email, ADMIN.password);
    const b = await t.login(ADMIN.email, ADMIN.password);
    const bad = await t.request("/api/auth/password", {
      method: "PUT",
      cookie: a,
      json: { currentPassword: "nope", newPassword: "newpass1" },
    });
    expect(bad.status).toBe(400);
    expect((await bad.json()).message).toBe("Current password is incorrect");
    const short = await t.request("/api/auth/password", {
      method: "PUT",
      cookie: a,
      json: { currentPassword: ADMIN.password, newPassword: "123" },
    });
    expect((await short.json()).message).toBe("Password must be at least 6 characters long");
    const ok = await t.request("/api/auth/password", {
      method: "PUT",
      cookie: a,
      json: { currentPassword: ADMIN.password, newPassword: "newpass1" },
    });
    expect(ok.status).toBe(200);
    expect((await t.request("/api/auth/user", { cookie: a })).status).toBe(200);
    expect((await t.request("/api/auth/user", { cookie: b })).status).toBe(401);
    expect(
      (await t.request("/api/login", { json: { email: ADMIN.email, password: "newpass1" } })).status,
    ).toBe(200);
  });

  test("guards – admin routes answer 401 without a session", async () => {
    expect((await t.request("/api/admin/users")).status).toBe(401);
    expect((await t.request("/api/admin/tickets/stats")).status).toBe(401);
  });

  test("same-origin – a cross-site write is refused", async () => {
    const res = await t.request("/api/login", { json: ADMIN, headers: { Origin: "https://evil.example" } });
    expect(res.status).toBe(403);
  });

  test("errors – a body that is not JSON is refused with 415, a missing field with its message", async () => {
    const wrongType = await t.request("/api/login", {
      body: JSON.stringify(ADMIN),
      headers: { "Content-Type": "text/plain" },
    });
    expect(wrongType.status).toBe(415);
    const empty = await t.request("/api/login", { json: {} });
    expect(empty.status).toBe(400);
    expect((await empty.json()).errors).toEqual({
      email: "Please enter a valid email address",
      password: "Password is required",
    });
  });

  test("errors – malformed JSON is a 400, unknown api path a JSON 404", async () => {
    const bad = await t.request("/api/login", {
      body: "{nope",
      headers: { "Content-Type": "application/json" },
    });
    expect(bad.status).toBe(400);
    const missing = await t.request("/api/nothing-here");
    expect(missing.status).toBe(404);
    expect((await missing.json()).message).toBe("Not found");
  });
});
