import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createTestApp, ADMIN, type TestApp } from "../../src/testing/test-app";
import { insertTicket } from "../../src/tickets/admin-tickets.fixtures";

let t: TestApp;
beforeAll(async () => (t = await createTestApp()));
afterAll(() => t.close());

describe("pages", () => {
  test("portal – server-rendered with the Admin Login link before scripts", async () => {
    const res = await t.request("/");
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html.startsWith("<!doctype html>")).toBe(true);
    expect(html).toContain('data-island="Portal"');
    expect(html).toContain("Admin Login");
    expect(res.headers.get("content-security-policy")).toContain("default-src 'self'");
  });

  test("portal – an edited option list shows on the very next page view", async () => {
    const cookie = await t.login(ADMIN.email, ADMIN.password);
    const before = await (await t.request("/")).text();
    expect(before).toContain(">Finance<");
    expect(await (await t.request("/")).text()).toBe(before); // same lists, same page
    const finance = t.sqlite.query("SELECT id FROM ticket_departments WHERE name = 'Finance'").get() as {
      id: number;
    };
    expect(
      (
        await t.request(`/api/admin/config/departments/${finance.id}`, {
          method: "PUT",
          json: { name: "Accounts" },
          cookie,
        })
      ).status,
    ).toBe(200);
    const after = await (await t.request("/")).text();
    expect(after).toContain(">Accounts<");
    expect(after).not.toContain(">Finance<");
  });

  test("kept pages are per user: each signed-in dashboard is the user's own, asked for again or not", async () => {
    const admin = await t.login(ADMIN.email, ADMIN.password);
    const staff = await t.loginAs("staff", { email: "kept-page-staff@example.com" });
    for (let round = 0; round < 2; round++) {
      const [a, s] = [
        await (await t.request("/admin", { cookie: admin })).text(),
        await (await t.request("/admin", { cookie: staff })).text(),
      ];
      expect(a).toContain(ADMIN.email);
      expect(a).not.toContain("kept-page-staff@example.com");
      expect(s).toContain("kept-page-staff@example.com");
      expect(s).not.toContain(ADMIN.email);
    }
    const res = await t.request("/admin", { cookie: admin });
    expect(res.headers.get("content-type")).toBe("text/html; charset=UTF-8");
    expect(res.headers.get("cache-control")).toBe("no-store");
  });

  test("each page loads its own bundle: the portal's apart from the staff islands, none on the 404 screen", async () => {
    const scripts = async (path: string, cookie?: string) =>
      [...(await (await t.request(path, { cookie })).text()).matchAll(/<script[^>]+src="([^"?]+)/g)].map(
        (m) => m[1],
      );
    const cookie = await t.login(ADMIN.email, ADMIN.password);
    expect(await scripts("/")).toEqual(["/build/portal.js"]);
    expect(await scripts("/login")).toEqual(["/build/staff.js"]);
    expect(await scripts("/admin", cookie)).toEqual(["/build/staff.js"]);
    expect(await scripts("/nowhere")).toEqual([]);
    // the portal's bundle holds no staff island
    const portal = await Bun.file(new URL("../../public/build/portal.js", import.meta.url)).text();
    expect(portal).not.toContain("AdminDashboard");
    expect(portal).not.toContain("Kanban");
  });

  test("unknown page – the 404 screen", async () => {
    const res = await t.request("/no/such/page");
    expect(res.status).toBe(404);
    const html = await res.text();
    expect(html).toContain("404 Page Not Found");
    expect(html).toContain("Did you forget to add the page to the router?");
  });

  test("login – redirects to /admin when already signed in", async () => {
    const cookie = await t.login(ADMIN.email, ADMIN.password);
    const res = await t.request("/login", { cookie });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/admin");
  });

  test("admin – signed out shows the login form, signed in the dashboard header", async () => {
    expect(await (await t.request("/admin")).text()).toContain("Login");
    const cookie = await t.login(ADMIN.email, ADMIN.password);
    const html = await (await t.request("/admin", { cookie })).text();
    expect(html).toContain("Admin Dashboard");
    expect(html).toContain("Welcome back, Admin");
  });

  test("healthz – ok, with the release and the newest applied migration, nothing private", async () => {
    const res = await t.request("/healthz");
    const journal = (await Bun.file(
      new URL("../../db/migrations/meta/_journal.json", import.meta.url),
    ).json()) as {
      entries: { tag: string }[];
    };
    const pkg = (await Bun.file(new URL("../../package.json", import.meta.url)).json()) as {
      version: string;
    };
    expect(await res.json()).toEqual({
      status: "ok",
      version: pkg.version,
      schema: journal.entries.at(-1)!.tag,
      migrations: journal.entries.length,
    });
  });
});

describe("a link to one ticket", () => {
  test("opens the ticket's own page for a ticket in scope; out of scope and unknown are the same 404 page", async () => {
    const it = insertTicket(t, { department: "IT" });
    const finance = insertTicket(t, { department: "Finance" });
    const staff = await t.loginAs("staff", { allowedDepartments: ["IT"] });
    const page = (id: string, cookie?: string) => t.request(`/admin/tickets/${id}`, { cookie });

    const own = await page(it.ticketId, staff);
    expect(own.status).toBe(200);
    const opened = (html: string) => /&quot;ticket&quot;:\{&quot;id&quot;:(\d+)/.exec(html)?.[1];
    expect(opened(await own.text())).toBe(String(it.id));
    const outside = await page(finance.ticketId, staff);
    const unknown = await page("WI-1999-999", staff);
    expect([outside.status, unknown.status]).toEqual([404, 404]);
    const [a, b] = [await outside.text(), await unknown.text()];
    expect(a).not.toContain(finance.ticketId);
    expect(a.replaceAll(finance.ticketId, "")).toBe(b.replaceAll("WI-1999-999", ""));
    expect(own.headers.get("content-type")).toContain("text/html");
    // signed out: the sign-in form, telling nothing about the ticket
    const anon = await page(finance.ticketId);
    expect(anon.status).toBe(200);
    const html = await anon.text();
    expect(html).toContain("&quot;ticket&quot;:null");
    expect(opened(html)).toBeUndefined();
  });
});

test("pages – two apps in one process keep their own pages; a private page keeps none", async () => {
  const other = await createTestApp();
  try {
    const before = t.deps.pageCache.size;
    expect((await other.request("/login")).status).toBe(200);
    expect((await other.request("/reset-password/some-token")).status).toBe(200);
    expect(other.deps.pageCache.size).toBe(1);
    expect(t.deps.pageCache.size).toBe(before);
  } finally {
    other.close();
  }
});
