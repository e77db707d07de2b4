import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { createTestApp, ADMIN, type TestApp } from "../../src/testing/test-app";
import { tickets, users } from "../../db/schema";
import { expectAudit } from "../../src/testing/expect-audit";

let t: TestApp;
let admin: string;
beforeEach(async () => {
  t = await createTestApp();
  admin = await t.login(ADMIN.email, ADMIN.password);
});
afterEach(() => t.close());

const adminId = () => t.db.select().from(users).where(eq(users.email, ADMIN.email)).get()!.id;
const newUser = { email: "New@Example.com", firstName: "Nina", lastName: "New", password: "secret1" };

describe("users api", () => {
  test("users – staff get 403 and anonymous 401 on every route", async () => {
    const staff = await t.loginAs("staff");
    const calls: [string, string, unknown?][] = [
      ["GET", "/api/admin/users"],
      ["POST", "/api/admin/users", newUser],
      ["PUT", "/api/admin/users/1/status", { status: "suspended" }],
      ["PUT", "/api/admin/users/1/role", { role: "staff" }],
      ["PUT", "/api/admin/users/1/access", {}],
      ["DELETE", "/api/admin/users/1"],
    ];
    for (const [method, path, json] of calls) {
      expect((await t.request(path, { method, json, cookie: staff })).status).toBe(403);
      expect((await t.request(path, { method, json })).status).toBe(401);
    }
  });

  test("create – defaults to staff, never returns the hash, audits without secrets", async () => {
    const res = await t.request("/api/admin/users", { json: newUser, cookie: admin });
    expect(res.status).toBe(201);
    const user = await res.json();
    expect(user).toMatchObject({
      email: "new@example.com",
      role: "staff",
      status: "active",
      canViewAllTickets: false,
    });
    expect(user.password).toBeUndefined();
    const [audit] = expectAudit(t, { entityType: "user", action: "created" }, [
      { entityId: String(user.id) },
    ]);
    expect(JSON.stringify(audit!.newValue)).not.toContain("argon2");
    expect((await t.login("new@example.com", "secret1")).length).toBeGreaterThan(4);
  });

  test("create – a clear message for each bad input and 409 for a taken e-mail", async () => {
    const bad = await t.request("/api/admin/users", { json: { ...newUser, password: "123" }, cookie: admin });
    expect(bad.status).toBe(400);
    expect((await bad.json()).errors.password).toBe("Password must be at least 6 characters");
    const dup = await t.request("/api/admin/users", {
      json: { ...newUser, email: ADMIN.email },
      cookie: admin,
    });
    expect(dup.status).toBe(409);
  });

  test("create – access fields are kept for staff and dropped for admins", async () => {
    const access = {
      allowedDepartments: ["IT"],
      allowedCompanies: ["Main Office"],
      canViewAllTickets: false,
    };
    await t.confirmPassword(admin); // creating an admin needs the password re-entered lately
    const staff = await (
      await t.request("/api/admin/users", { json: { ...newUser, ...access }, cookie: admin })
    ).json();
    expect(staff.allowedDepartments).toEqual(["IT"]);
    const adm = await (
      await t.request("/api/admin/users", {
        json: { ...newUser, email: "a2@example.com", role: "admin", ...access },
        cookie: admin,
      })
    ).json();
    expect(adm).toMatchObject({ role: "admin", allowedDepartments: [], allowedCompanies: [] });
  });

  test("self – an admin cannot suspend, demote or delete their own account", async () => {
    await t.createUser({ email: "other-admin@example.com", role: "admin" });
    const id = adminId();
    for (const [method, path, json, msg] of [
      [
        "PUT",
        `/api/admin/users/${id}/status`,
        { status: "suspended" },
        "You cannot suspend your own account",
      ],
      ["PUT", `/api/admin/users/${id}/role`, { role: "staff" }, "You cannot change your own role"],
      ["DELETE", `/api/admin/users/${id}`, undefined, "You cannot delete your own account"],
    ] as const) {
      const res = await t.request(path, { method, json, cookie: admin });
      expect(res.status).toBe(400);
      expect((await res.json()).message).toBe(msg);
    }
    expect(t.db.select().from(users).where(eq(users.id, id)).get()).toMatchObject({
      role: "admin",
      status: "active",
    });
  });

  test("last admin – the only active admin cannot be demoted, suspended or deleted by another admin's hands", async () => {
    const other = await t.createUser({ email: "a2@example.com", role: "admin", password: "password123" });
    const cookie2 = await t.login("a2@example.com", "password123");
    await t.request(`/api/admin/users/${other.id}/status`, {
      method: "PUT",
      json: { status: "suspended" },
      cookie: admin,
    });
    const res = await t.request(`/api/admin/users/${adminId()}/role`, {
      method: "PUT",
      json: { role: "staff" },
      cookie: cookie2,
    });
    expect(res.status).toBe(401); // the suspended admin's session ended at once
    await t.request(`/api/admin/users/${other.id}/status`, {
      method: "PUT",
      json: { status: "active" },
      cookie: admin,
    });
    await t.request(`/api/admin/users/${other.id}/role`, {
      method: "PUT",
      json: { role: "staff" },
      cookie: admin,
    });
    const staffCookie = await t.login("a2@example.com", "password123");
    expect(
      (await t.request(`/api/admin/users/${adminId()}`, { method: "DELETE", cookie: staffCookie })).status,
    ).toBe(403);
  });

  test("suspend – ends that user's sessions at once and activate lets them back", async () => {
    const u = await t.createUser({ email: "s@example.com" });
    const cookie = await t.login("s@example.com", "password123");
    expect((await t.request("/api/auth/user", { cookie })).status).toBe(200);
    const res = await t.request(`/api/admin/users/${u.id}/status`, {
      method: "PUT",
      json: { status: "suspended" },
      cookie: admin,
    });
    expect((await res.json()).status).toBe("suspended");
    expect((await t.request("/api/auth/user", { cookie })).status).toBe(401);
    await t.request(`/api/admin/users/${u.id}/status`, {
      method: "PUT",
      json: { status: "active" },
      cookie: admin,
    });
    expect(
      (await t.request("/api/auth/user", { cookie: await t.login("s@example.com", "password123") })).status,
    ).toBe(200);
    expectAudit(t, { entityType: "user", entityId: u.id }, [
      { oldValue: { status: "active" }, newValue: { status: "suspended" } },
      { oldValue: { status: "suspended" }, newValue: { status: "active" } },
    ]);
  });

  test("role and access – changes are stored and audited as role_changed / updated", async () => {
    const u = await t.createUser({ email: "r@example.com" });
    const access = { allowedDepartments: ["IT", "Finance"], allowedCompanies: [], canViewAllTickets: true };
    const res = await t.request(`/api/admin/users/${u.id}/access`, {
      method: "PUT",
      json: access,
      cookie: admin,
    });
    expect(await res.json()).toMatchObject(access);
    await t.confirmPassword(admin);
    const role = await t.request(`/api/admin/users/${u.id}/role`, {
      method: "PUT",
      json: { role: "admin" },
      cookie: admin,
    });
    expect((await role.json()).role).toBe("admin");
    expect(
      (await t.request(`/api/admin/users/${u.id}/access`, { method: "PUT", json: access, cookie: admin }))
        .status,
    ).toBe(400);
    expectAudit(t, { entityType: "user", entityId: u.id }, [
      { action: "updated" },
      { action: "role_changed", newValue: { role: "admin" } },
    ]);
  });

  test("delete – removes the user, unassigns their tickets, 404 afterwards", async () => {
    const u = await t.createUser({ email: "d@example.com" });
    const now = new Date();
    t.db
      .insert(tickets)
      .values({
        ticketId: "WI-2026-001",
        firstName: "A",
        lastName: "B",
        email: "a@b.c",
        phone: "555-555-5555",
        companyName: "Main Office",
        department: "IT",
        ticketType: "IT",
        description: "broken printer",
        assignedTo: String(u.id),
        createdAt: now,
        updatedAt: now,
      })
      .run();
    expect((await t.request(`/api/admin/users/${u.id}`, { method: "DELETE", cookie: admin })).status).toBe(
      200,
    );
    expect(t.db.select().from(tickets).get()!.assignedTo).toBeNull();
    expect((await t.request(`/api/admin/users/${u.id}`, { method: "DELETE", cookie: admin })).status).toBe(
      404,
    );
    const list = await (await t.request("/api/admin/users", { cookie: admin })).json();
    expect(list.map((x: { email: string }) => x.email)).toEqual([ADMIN.email]);
  });
});
