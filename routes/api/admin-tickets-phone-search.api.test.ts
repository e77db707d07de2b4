import { afterEach, describe, expect, test } from "bun:test";
import { createTestApp, type TestApp } from "../../src/testing/test-app";
import { submit } from "../../src/tickets/tickets.fixtures";

let t: TestApp;
afterEach(() => t.close());

const setCountry = (cookie: string, country: string) =>
  t.request("/api/admin/portal/phone", { method: "PUT", json: { country, required: true }, cookie });

async function found(cookie: string, search: string) {
  const res = await t.request(`/api/admin/tickets?search=${encodeURIComponent(search)}`, { cookie });
  expect(res.status).toBe(200);
  const body = (await res.json()) as { tickets: { id: number }[] };
  return body.tickets.map((x) => x.id).sort();
}

describe("staff search by phone – any format of the same number", () => {
  test("a Swedish number typed one way is found typed any other way, beside the word search", async () => {
    t = await createTestApp();
    const admin = await t.loginAs("admin");
    expect((await setCountry(admin, "SE")).status).toBe(200);
    const { id } = await submit(t, { phone: "08-123 456 78" });
    await submit(t, { phone: "08-765 432 10", description: "Call me on 0812345678 about the printer." });
    const other = await submit(t, { phone: "031-123 45 67" });
    for (const q of ["+46 8 123 456 78", "08-123 456 78", "0812345678", "+46812345678"])
      expect(await found(admin, q), q).toContain(id);
    // the word search still runs: the second ticket names the number in its text
    expect((await found(admin, "0812345678")).length).toBe(2);
    expect(await found(admin, "+46 8 123 456 78")).not.toContain(other.id);
    expect(await found(admin, "+49 30 1234567")).toEqual([]);
  });

  test("a US number in any of its formats, with the US default country", async () => {
    t = await createTestApp();
    const admin = await t.loginAs("admin");
    const { id } = await submit(t, { phone: "415-555-0132" });
    await submit(t, { phone: "212-555-0199" });
    for (const q of ["(415) 555-0132", "+1 415 555 0132", "4155550132", "415.555.0132"])
      expect(await found(admin, q), q).toEqual([id]);
  });
});
