// E-mail injection, session expiry, audit content, system items — against the real server.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { ADMIN, addUser, client, launch, openDb, ticketInput, type Server } from "./harness";

let srv: Server;
let api: ReturnType<typeof client>;
let admin: string;

beforeAll(async () => {
  srv = await launch({ env: { RATE_LIMIT_PUBLIC_WRITES: "100000" } });
  api = client(srv.url);
  admin = await api.login(ADMIN.email, ADMIN.password, { "X-Forwarded-For": "203.0.113.9" });
  await api.confirm(admin, ADMIN.password); // making someone admin needs the password re-entered
}, 30_000);
afterAll(() => srv?.stop(), 15_000);

describe("e-mail injection", () => {
  test("routing-rule addresses carrying header breaks or extra recipients are refused", async () => {
    const accepted: string[] = [];
    for (const emailAddresses of [
      "a@b.co\r\nBcc: x@y.co",
      "a@b.co\nBcc: x@y.co",
      "not-an-address",
      "a@b.co, <script>@x",
    ]) {
      const res = await api.req("/api/admin/config/email-routing", {
        cookie: admin,
        json: { name: "Rule", emailAddresses, conditionType: "all", isActive: true },
      });
      if (res.status !== 400)
        accepted.push(`${JSON.stringify(emailAddresses)} → ${res.status} ${await res.text()}`);
    }
    expect(accepted).toEqual([]);
  });

  test("a submitter name with CRLF and HTML cannot add headers or markup to the notification", async () => {
    const res = await api.req("/api/admin/config/email-routing", {
      cookie: admin,
      json: { name: "All", emailAddresses: "desk@example.com", conditionType: "all", isActive: true },
    });
    expect(res.status).toBe(201);
    const sub = await api.req("/api/tickets", {
      json: ticketInput({
        firstName: "Eve\r\nBcc: spy@evil.test",
        lastName: "<b>bold</b>",
        description: "<img src=x onerror=alert(1)> please help",
      }),
    });
    // A name is one line: the submission is refused, naming the field.
    expect(sub.status).toBe(400);
    expect(((await sub.json()) as { errors: Record<string, string> }).errors.firstName).toBe(
      "First name must not contain line breaks or control characters",
    );
    const db = openDb(srv.dataDir);
    const rows = db.query("SELECT recipients, subject, html_body AS html FROM mail_outbox").all() as {
      recipients: string;
      subject: string;
      html: string;
    }[];
    db.close();
    for (const r of rows) {
      expect(r.subject).not.toMatch(/[\r\n]/);
      expect(r.recipients).not.toContain("spy@evil.test");
      expect(r.html).not.toContain("<b>bold</b>");
      expect(r.html).not.toContain("<img src=x");
    }
  });
});

describe("session expiry", () => {
  test("an expired session cookie is refused, and the cookie never outlives the server's session", async () => {
    const s = await launch({ env: { SESSION_TTL_HOURS: "0.0005" } }); // 1.8 s
    try {
      const c = client(s.url);
      const res = await c.req("/api/login", { json: ADMIN });
      const set = res.headers.getSetCookie().find((x) => x.startsWith("sid="))!;
      expect(Number(set.match(/Max-Age=(\d+)/)?.[1])).toBeLessThanOrEqual(2);
      const cookie = set.split(";")[0]!;
      expect((await c.req("/api/auth/user", { cookie })).status).toBe(200);
      await Bun.sleep(2200);
      expect((await c.req("/api/auth/user", { cookie })).status).toBe(401);
    } finally {
      await s.stop();
    }
  });
});

describe("audit", () => {
  test("admin actions leave audit rows with the socket address and never a password or hash", async () => {
    const id = await addUser(srv.dataDir, { email: "audited@example.com" });
    const xff = { "X-Forwarded-For": "198.51.100.7" };
    await api.req(`/api/admin/users/${id}/role`, {
      method: "PUT",
      cookie: admin,
      json: { role: "admin" },
      headers: xff,
    });
    await api.req(`/api/admin/users/${id}/status`, {
      method: "PUT",
      cookie: admin,
      json: { status: "suspended" },
      headers: xff,
    });
    await api.req("/api/admin/users", {
      cookie: admin,
      json: { email: "new-user@example.com", firstName: "N", lastName: "U", password: "secret-pass-1" },
      headers: xff,
    });
    await api.req("/api/auth/password", {
      method: "PUT",
      cookie: admin,
      json: { currentPassword: ADMIN.password, newPassword: ADMIN.password },
      headers: xff,
    });
    const db = openDb(srv.dataDir);
    const rows = db
      .query(
        "SELECT action, user_id AS userId, ip_address AS ip, old_value AS o, new_value AS n FROM audit_logs",
      )
      .all() as {
      action: string;
      userId: number | null;
      ip: string | null;
      o: string | null;
      n: string | null;
    }[];
    const created = db.query("SELECT role FROM users WHERE email = 'new-user@example.com'").get() as {
      role: string;
    } | null;
    db.close();
    expect(rows.length).toBeGreaterThan(3);
    for (const r of rows) {
      expect(`${r.o} ${r.n}`).not.toMatch(/"password"|\$argon2|secret-pass-1/i);
      expect(r.ip).not.toBe("198.51.100.7");
      expect(r.ip).not.toBe("203.0.113.9");
    }
    expect(rows.filter((r) => r.action === "role_changed" && r.userId !== null)).not.toHaveLength(0);
    if (created) expect(created.role).toBe("staff"); // a user created without a role is staff
    // No route removes audit rows.
    expect((await api.req("/api/admin/audit-logs", { method: "DELETE", cookie: admin })).status).toBe(404);
  });
});

describe("configuration integrity", () => {
  test("a system status cannot be deleted", async () => {
    const db = openDb(srv.dataDir);
    const open = db.query("SELECT id FROM ticket_statuses WHERE name = 'open'").get() as { id: number };
    db.close();
    const res = await api.req(`/api/admin/config/statuses/${open.id}`, { method: "DELETE", cookie: admin });
    expect([400, 403, 409]).toContain(res.status); // the config service answers 400 with a message
    const db2 = openDb(srv.dataDir);
    expect(db2.query("SELECT count(*) AS n FROM ticket_statuses WHERE name = 'open'").get()).toEqual({
      n: 1,
    });
    db2.close();
  });
});
