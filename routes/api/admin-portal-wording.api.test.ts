import { afterEach, describe, expect, test } from "bun:test";
import { createTestApp, type TestApp } from "../../src/testing/test-app";
import { auditRows } from "../../src/testing/expect-audit";
import type { ServiceLevelsInput } from "../../src/shared/schemas/service-levels";

let t: TestApp;
afterEach(() => t.close());

const PATH = "/api/admin/portal/wording";
const EMPTY = { organisation: null, welcome: null, intro: null, promise: null, footer: null };
const save = (cookie: string, json: unknown) => t.request(PATH, { method: "PUT", json, cookie });
const portal = async (lang = "en") => (await t.request("/", { headers: { "Accept-Language": lang } })).text();
const setTargets = async (cookie: string, firstResponse: Record<string, number>) => {
  const s = (await (await t.request("/api/admin/service-levels", { cookie })).json()) as ServiceLevelsInput;
  const targets = { ...s.targets };
  for (const [p, m] of Object.entries(firstResponse))
    targets[p] = { firstResponseMinutes: m, resolutionMinutes: Math.max(m, targets[p]!.resolutionMinutes) };
  const res = await t.request("/api/admin/service-levels", {
    method: "PUT",
    json: { ...s, targets },
    cookie,
  });
  expect(res.status).toBe(200);
};

describe("the office's wording – Settings → Portal", () => {
  test("saved by an admin, audited old → new, and on the kept portal page at the next request", async () => {
    t = await createTestApp();
    const admin = await t.loginAs("admin");
    const before = await portal();
    expect(before).toContain("Helpdesk Support");
    expect(before).toContain("Welcome to the Support Portal");
    expect(before).toContain("Built by the IT Services team");
    expect(await portal()).toBe(before); // kept: the same bytes again
    const wording = {
      organisation: "Acme IT",
      welcome: "Hello from Acme",
      intro: "Tell us what broke.",
      promise: "We answer the same day.",
      footer: "Acme IT, floor 3",
    };
    const res = await save(admin, wording);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject(wording);
    const after = await portal();
    for (const text of Object.values(wording)) expect(after).toContain(text);
    expect(after).toContain("<title>Acme IT – Support Portal</title>");
    expect(after).not.toContain("Welcome to the Support Portal");
    // the office's words are its own in every language; the defaults around them are translated
    const german = await portal("de");
    expect(german).toContain("Hello from Acme");
    expect(german).toContain("Neues Ticket erstellen");
    const [row] = auditRows(t, { entityType: "portal_settings" });
    expect(row!.oldValue).toEqual({ wording: EMPTY });
    expect(row!.newValue).toEqual({ wording });
    // the help pages carry the name in their header, kept under it too
    expect(await (await t.request("/help")).text()).toContain("Acme IT");
    await save(admin, { ...wording, organisation: "Acme Support" });
    expect(await (await t.request("/help")).text()).toContain("Acme Support");
  });

  test("empty fields bring the defaults back; an empty promise hides the line", async () => {
    t = await createTestApp();
    const admin = await t.loginAs("admin");
    await save(admin, { ...EMPTY, welcome: "Hi", promise: "" });
    const html = await portal();
    expect(html).not.toContain("Our team responds");
    expect((await save(admin, { ...EMPTY, welcome: "", promise: null })).status).toBe(200);
    expect(await portal()).toContain("Welcome to the Support Portal");
    expect(await portal()).toContain("Our team responds within");
  });

  test("plain text within limits, else a 400 naming the field; staff get 403", async () => {
    t = await createTestApp();
    const admin = await t.loginAs("admin");
    const staff = await t.loginAs("staff");
    expect((await save(staff, { ...EMPTY, welcome: "Hi" })).status).toBe(403);
    const cases: [Record<string, unknown>, string][] = [
      [{ organisation: "x".repeat(81) }, "The organisation name is at most 80 characters"],
      [{ welcome: "<b>Hi</b>" }, "The welcome heading is plain text, without HTML tags"],
      [{ footer: "line\nbreak" }, "The footer must not contain line breaks or control characters"],
      [{ promise: 5 }, "The promise line is text"],
    ];
    for (const [over, message] of cases) {
      const res = await save(admin, { ...EMPTY, ...over });
      expect(res.status).toBe(400);
      expect(JSON.stringify(await res.json())).toContain(message);
    }
    expect(auditRows(t, { entityType: "portal_settings" })).toEqual([]);
    // a text with a "<" that is no tag is plain text, escaped on the page
    await save(admin, { ...EMPTY, welcome: "Fast help for 2 < 3 & more" });
    expect(await portal()).toContain("Fast help for 2 &lt; 3 &amp; more");
  });

  test("the default promise follows the first-response targets, and shows on the portal at once", async () => {
    t = await createTestApp();
    const admin = await t.loginAs("admin");
    // the product's targets run from 1 hour (urgent) to 8 (low)
    expect(await portal()).toContain("Our team responds within 1–8 business hours.");
    await setTargets(admin, { urgent: 120, high: 120, medium: 240, low: 240 });
    expect(await portal()).toContain("Our team responds within 2-4 hours on business days.");
    await setTargets(admin, { urgent: 30, low: 960 });
    expect(await portal()).toContain("Our team responds within 1–16 business hours.");
    await setTargets(admin, { urgent: 240, high: 240, medium: 240, low: 240 });
    expect(await portal()).toContain("Our team responds within 4 business hours.");
    expect(await portal("de")).toContain("Unser Team antwortet innerhalb von 4 Arbeitsstunden.");
    const view = await (await t.request(PATH, { cookie: admin })).json();
    expect(view.range).toEqual({ fromMinutes: 240, toMinutes: 240 });
    // a typed promise overrides the targets
    await save(admin, { ...EMPTY, promise: "Within a day." });
    expect(await portal()).toContain("Within a day.");
    expect(await portal()).not.toContain("business hours");
  });
});
