// One-line fields (names, labels, rule and view names…) refuse line breaks and control characters
// on every route that takes them, so no notice or header can be given a forged line.
import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { createTestApp, type TestApp } from "../../src/testing/test-app";
import { mailOutbox, tickets } from "../../db/schema";
import { validTicket } from "../../src/tickets/tickets.fixtures";
import { insertTicket } from "../../src/tickets/admin-tickets.fixtures";

let t: TestApp;
let admin: string;
beforeEach(async () => {
  t = await createTestApp();
  admin = await t.loginAs("admin");
});
afterEach(() => t.close());

const INJECTED = "Eve\r\nBcc: victim@evil.test";
const refused = async (res: Response, field: string, label: string) => {
  expect(res.status).toBe(400);
  const body = (await res.json()) as { message: string; errors: Record<string, string> };
  const message = `${label} must not contain line breaks or control characters`;
  expect(body.message).toBe(message);
  expect(body.errors[field]).toBe(message);
};

describe("one-line fields over the API", () => {
  test("a submitted ticket whose first name carries CR/LF is refused, and no notice is queued", async () => {
    await t.request("/api/admin/config/email-routing", {
      cookie: admin,
      json: { name: "All", emailAddresses: "desk@example.com", conditionType: "all" },
    });
    const res = await t.request("/api/tickets", { json: validTicket({ firstName: INJECTED }) });
    await refused(res, "firstName", "First name");
    for (const [field, label] of [
      ["lastName", "Last name"],
      ["companyName", "Company name"],
      ["location", "Location"],
    ] as const)
      await refused(
        await t.request("/api/tickets", { json: validTicket({ [field]: "A\u2028B" }) }),
        field,
        label,
      );
    expect(t.db.select().from(tickets).all()).toEqual([]);
    expect(t.db.select().from(mailOutbox).all()).toEqual([]);
    // The same ticket with a plain name goes through.
    expect((await t.request("/api/tickets", { json: validTicket({ firstName: "Eve" }) })).status).toBe(201);
  });

  test("user, profile, list, rule, view and token names refuse control characters", async () => {
    const cases: [string, string, unknown, string, string][] = [
      [
        "POST",
        "/api/admin/users",
        { email: "eve@example.com", firstName: INJECTED, lastName: "Doe", password: "secret123" },
        "firstName",
        "First name",
      ],
      [
        "PUT",
        "/api/auth/profile",
        { firstName: "Eve", lastName: "Doe\tX", email: "admin@example.com" },
        "lastName",
        "Last name",
      ],
      ["POST", "/api/admin/config/departments", { name: "Sales\nBcc: x" }, "name", "Name"],
      [
        "POST",
        "/api/admin/config/email-routing",
        { name: "Rule\r\nX-Evil: 1", emailAddresses: "desk@example.com" },
        "name",
        "Name",
      ],
      ["POST", "/api/admin/views", { name: "Mine\u0085" }, "name", "Name"],
      ["POST", "/api/auth/tokens", { name: "CI\u0000" }, "name", "Name"],
    ];
    await t.confirmPassword(admin); // token creation and e-mail changes ask for a recent password first
    for (const [method, path, json, field, label] of cases)
      await refused(await t.request(path, { method, cookie: admin, json }), field, label);
  });

  test("existing rows with line breaks are still read and shown as they are", async () => {
    const old = insertTicket(t, { firstName: "Old\r\nName" });
    const res = await t.request(`/api/admin/tickets/${old.id}`, { cookie: admin });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { firstName: string }).firstName).toBe("Old\r\nName");
  });
});
