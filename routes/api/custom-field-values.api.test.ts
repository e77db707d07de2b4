import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { createTestApp, type TestApp } from "../../src/testing/test-app";
import { submit, validTicket } from "../../src/tickets/tickets.fixtures";
import { expectAudit } from "../../src/testing/expect-audit";
import { mailOutbox } from "../../db/schema";
import { defineField } from "../../src/custom-fields/fields.fixtures";

let t: TestApp;
let admin: string;
beforeEach(async () => {
  t = await createTestApp();
  admin = await t.loginAs("admin");
});
afterEach(() => t.close());

const define = (json: Record<string, unknown>) => defineField<{ id: number }>(t, admin, json);
const post = (over: Record<string, unknown>) => t.request("/api/tickets", { json: validTicket(over) });
const valuesOf = async (id: number, cookie = admin) =>
  (await (await t.request(`/api/admin/tickets/${id}/fields`, { cookie })).json()).values;

/** One field of each kind, on every type unless said otherwise. */
async function everyKind() {
  await define({ key: "note", label: "Note", kind: "text" });
  await define({ key: "story", label: "Story", kind: "long_text" });
  await define({ key: "seats", label: "Seats", kind: "number" });
  await define({ key: "needed_by", label: "Needed by", kind: "date" });
  await define({
    key: "product",
    label: "Product",
    kind: "select",
    options: [{ label: "Office" }, { label: "Visio" }],
  });
  await define({
    key: "extras",
    label: "Extras",
    kind: "multi_select",
    options: [{ label: "Dock" }, { label: "Mouse" }],
  });
  await define({ key: "urgent", label: "Urgent", kind: "checkbox" });
  await define({ key: "manager", label: "Manager", kind: "email" });
  await define({ key: "link", label: "Link", kind: "url" });
}

describe("custom field values on the portal form", () => {
  test("each kind: a valid value is stored as it was meant", async () => {
    await everyKind();
    const { id } = await submit(t, {
      customFields: {
        note: "  Room 4  ",
        story: "line one\nline two",
        seats: "12",
        needed_by: "2026-12-01",
        product: "o2",
        extras: ["o1", "o2", "o1"],
        urgent: true,
        manager: "Boss@Example.com",
        link: "https://example.com/a?b=1",
      },
    });
    expect(await valuesOf(id)).toEqual({
      note: "Room 4",
      story: "line one\nline two",
      seats: 12,
      needed_by: "2026-12-01",
      product: "o2",
      extras: ["o1", "o2"],
      urgent: true,
      manager: "boss@example.com",
      link: "https://example.com/a?b=1",
    });
  });

  test("each kind: an invalid value is refused with the field's own message, and no ticket is stored", async () => {
    await everyKind();
    const cases: [string, unknown, string][] = [
      ["note", "two\nlines", "Note must not contain line breaks"],
      ["note", "x".repeat(501), "Note must be at most 500 characters"],
      ["story", 42, "Story must be text"],
      ["seats", "ten", "Seats must be a number"],
      ["seats", "1e400", "Seats must be a number"],
      ["needed_by", "2026-02-30", "Needed by must be a date (YYYY-MM-DD)"],
      ["needed_by", "tomorrow", "Needed by must be a date (YYYY-MM-DD)"],
      ["product", "Visio", "Product: choose one of the options"],
      ["extras", ["o1", "o7"], "Extras: choose among the options"],
      ["urgent", "maybe", "Urgent must be checked or not"],
      ["manager", "not-an-address", "Manager must be a valid e-mail address"],
      ["link", "javascript:alert(1)", "Link must be a web address starting with http:// or https://"],
    ];
    for (const [key, value, message] of cases) {
      const res = await post({ customFields: { [key]: value } });
      const body = await res.json();
      expect({ key, status: res.status, message: body.message, errors: body.errors }).toEqual({
        key,
        status: 400,
        message,
        errors: { [`customFields.${key}`]: message },
      });
    }
    const list = await (await t.request("/api/admin/tickets", { cookie: admin })).json();
    expect(list.tickets).toHaveLength(0);
  });

  test("required per request type: demanded on that type only", async () => {
    await define({
      key: "seats",
      label: "Seats",
      kind: "number",
      required: true,
      ticketTypes: ["Licensing"],
    });
    const missing = await post({ ticketType: "Licensing" });
    expect(missing.status).toBe(400);
    expect(await missing.json()).toEqual({
      message: "Seats is required",
      errors: { "customFields.seats": "Seats is required" },
    });
    expect((await post({ ticketType: "Licensing", customFields: { seats: "" } })).status).toBe(400);
    expect((await post({ ticketType: "Licensing", customFields: { seats: 5 } })).status).toBe(201);
    // another type neither needs nor takes it
    expect((await post({ ticketType: "IT" })).status).toBe(201);
    const other = await post({ ticketType: "IT", customFields: { seats: 5 } });
    expect(other.status).toBe(400);
    expect((await other.json()).message).toBe("Unknown field: seats");
  });

  test("a required checkbox must be checked", async () => {
    await define({ key: "agree", label: "I agree", kind: "checkbox", required: true });
    expect((await (await post({ customFields: { agree: false } })).json()).message).toBe(
      "I agree must be checked",
    );
    expect((await post({ customFields: { agree: true } })).status).toBe(201);
  });

  test("unknown keys and staff-only keys are refused from the public", async () => {
    await define({ key: "cost_code", label: "Cost code", kind: "text", visibility: "staff" });
    for (const customFields of [{ nope: "x" }, { cost_code: "X-1" }]) {
      const res = await post({ customFields });
      expect(res.status).toBe(400);
      expect((await res.json()).message).toStartWith("Unknown field:");
    }
  });

  test("a deactivated field leaves the form but keeps its values", async () => {
    const field = await define({ key: "seats", label: "Seats", kind: "number" });
    const { id } = await submit(t, { customFields: { seats: 3 } });
    const active = (isActive: boolean) =>
      t.request(`/api/admin/custom-fields/${field.id}`, { method: "PUT", json: { isActive }, cookie: admin });
    await active(false);
    expect(await (await t.request("/api/public/config/custom-fields")).json()).toEqual([]);
    expect((await post({ customFields: { seats: 3 } })).status).toBe(400);
    expect(await valuesOf(id)).toEqual({});
    await active(true);
    expect(await valuesOf(id)).toEqual({ seats: 3 });
  });

  test("a ticket opened without fields (no definitions) submits as before", async () => {
    expect((await post({})).status).toBe(201);
  });
});

describe("staff-only values never reach a public answer", () => {
  const SECRET = "ZZ-secret-cost-7781";
  async function ticketWithSecret() {
    await define({ key: "seats", label: "Seats", kind: "number", helpText: "How many licences" });
    const hidden = await define({
      key: "cost_code",
      label: "Cost code staff",
      kind: "text",
      visibility: "staff",
    });
    const res = await post({ customFields: { seats: 4 } });
    const { id, ticketId, privateLink } = await res.json();
    const put = await t.request(`/api/admin/tickets/${id}/fields`, {
      method: "PUT",
      json: { customFields: { cost_code: SECRET } },
      cookie: admin,
    });
    expect(put.status).toBe(200);
    return { id, ticketId, privateLink, hidden };
  }

  test("portal config lists public fields only, by allow-list", async () => {
    await ticketWithSecret();
    const fields = await (await t.request("/api/public/config/custom-fields")).json();
    expect(fields).toEqual([
      {
        key: "seats",
        label: "Seats",
        kind: "number",
        options: [],
        required: false,
        helpText: "How many licences",
        ticketTypes: [],
      },
    ]);
  });

  test("track, public notes, the private page and e-mails hold no staff-only value", async () => {
    const { id, ticketId, privateLink } = await ticketWithSecret();
    const answers = [
      await t.request("/api/tickets/search", { json: { type: "ticketId", query: ticketId } }),
      await t.request(`/api/tickets/${id}/notes`),
      await t.request(`/api/tickets/${id}/attachments`),
      await t.request(`/api${privateLink}`),
    ];
    for (const res of answers) {
      expect(res.status).toBe(200);
      const text = await res.text();
      expect(text).not.toContain(SECRET);
      expect(text).not.toContain("Cost code staff");
    }
    const page = await (await t.request(`/api${privateLink}`)).json();
    expect(page.customFields).toEqual([{ label: "Seats", value: "4" }]);
    const mail = t.db.select().from(mailOutbox).all();
    expect(mail.length).toBeGreaterThan(0);
    for (const m of mail) expect(JSON.stringify(m)).not.toContain(SECRET);
  });

  test("staff read every active field's value", async () => {
    const { id } = await ticketWithSecret();
    expect(await valuesOf(id)).toEqual({ seats: 4, cost_code: SECRET });
  });
});

describe("staff edit a ticket's values", () => {
  test("audited old → new (option labels), version bumped, If-Match honoured", async () => {
    await define({
      key: "product",
      label: "Product",
      kind: "select",
      options: [{ label: "Office" }, { label: "Visio" }],
    });
    await define({ key: "seats", label: "Seats", kind: "number" });
    const { id, ticketId } = await submit(t, { customFields: { product: "o1" } });
    const first = await t.request(`/api/admin/tickets/${id}/fields`, { cookie: admin });
    const etag = first.headers.get("etag")!;
    const put = (json: unknown, headers: Record<string, string> = {}) =>
      t.request(`/api/admin/tickets/${id}/fields`, { method: "PUT", json, cookie: admin, headers });
    const res = await put({ customFields: { product: "o2", seats: 10 } }, { "If-Match": etag });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.values).toEqual({ product: "o2", seats: 10 });
    expect(res.headers.get("etag")).not.toBe(etag);
    expectAudit(t, { action: "fields_changed" }, [
      {
        entityId: ticketId,
        oldValue: { product: "Office", seats: null },
        newValue: { product: "Visio", seats: "10" },
      },
    ]);
    // a write from the older view is refused
    expect((await put({ customFields: { seats: 11 } }, { "If-Match": etag })).status).toBe(409);
    // null clears; an unchanged value writes no audit row and keeps the version
    const cleared = await (await put({ customFields: { seats: null } })).json();
    expect(cleared.values).toEqual({ product: "o2" });
    const same = await (await put({ customFields: { product: "o2" } })).json();
    expect(same.version).toBe(cleared.version);
    expect((await put({ customFields: { seats: "many" } })).status).toBe(400);
    expect((await put({ customFields: { nope: 1 } })).status).toBe(400);
  });

  test("out of scope: 404, nothing written", async () => {
    await define({ key: "seats", label: "Seats", kind: "number" });
    const { id } = await submit(t, { department: "IT", customFields: { seats: 1 } });
    const staff = await t.loginAs("staff", { allowedDepartments: ["Finance"] });
    expect((await t.request(`/api/admin/tickets/${id}/fields`, { cookie: staff })).status).toBe(404);
    const put = await t.request(`/api/admin/tickets/${id}/fields`, {
      method: "PUT",
      json: { customFields: { seats: 9 } },
      cookie: staff,
    });
    expect(put.status).toBe(404);
    expect(await valuesOf(id)).toEqual({ seats: 1 });
  });
});

describe("the queue filters by custom fields", () => {
  async function seats() {
    await define({ key: "seats", label: "Seats", kind: "number" });
    await define({
      key: "product",
      label: "Product",
      kind: "select",
      options: [{ label: "Office" }, { label: "Visio" }],
    });
    const made: Record<string, string> = {};
    for (const [n, product] of [
      [5, "o1"],
      [10, "o2"],
      [25, "o1"],
    ] as const)
      made[n] = (await submit(t, { customFields: { seats: n, product } })).ticketId;
    await submit(t, {});
    return made;
  }
  const ids = async (query: string) => {
    const res = await t.request(`/api/admin/tickets?${query}`, { cookie: admin });
    const body = await res.json();
    if (res.status !== 200) return { status: res.status, body };
    return { total: body.total, ids: body.tickets.map((x: { ticketId: string }) => x.ticketId).sort() };
  };

  test("numbers by range, selects by option id or label, together with other filters", async () => {
    const made = await seats();
    expect(await ids("cf.seats.min=10")).toEqual({ total: 2, ids: [made[10], made[25]].sort() });
    expect(await ids("cf.seats.min=6&cf.seats.max=24")).toEqual({ total: 1, ids: [made[10]] });
    expect(await ids("cf.seats=25")).toEqual({ total: 1, ids: [made[25]] });
    expect(await ids("cf.product=Office")).toEqual({ total: 2, ids: [made[5], made[25]].sort() });
    expect(await ids("cf.product=o2&cf.seats.min=1")).toEqual({ total: 1, ids: [made[10]] });
    expect(await ids("cf.product=o2&status=completed")).toEqual({ total: 0, ids: [] });
    // a long page reads the few matches instead of walking: the same answers
    expect(await ids("cf.seats.min=10&limit=1000")).toEqual({ total: 2, ids: [made[10], made[25]].sort() });
    expect(await ids("cf.product=Office&limit=1000")).toEqual({ total: 2, ids: [made[5], made[25]].sort() });
    expect((await ids("cf.nope=1")).status).toBe(400);
    expect((await ids("cf.seats.min=lots")).status).toBe(400);
    expect((await ids("cf.product.min=1")).status).toBe(400);
  });

  test("saved views keep field filters and count by them", async () => {
    await seats();
    const res = await t.request("/api/admin/views", {
      json: { name: "Big licences", filters: { "cf.seats.min": "10" } },
      cookie: admin,
    });
    expect(res.status).toBe(201);
    const views = await (await t.request("/api/admin/views", { cookie: admin })).json();
    const view = views.find((v: { name: string }) => v.name === "Big licences");
    expect(view).toMatchObject({ filters: { "cf.seats.min": "10" }, count: 2 });
  });

  test("the CSV export holds each active field as a column and honours the filter", async () => {
    const made = await seats();
    const res = await t.request("/api/admin/tickets/export.csv?cf.seats.min=10", { cookie: admin });
    expect(res.status).toBe(200);
    const lines = (await res.text())
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lines[0]).toEndWith(",Seats,Product");
    expect(lines).toHaveLength(3);
    const byId = Object.fromEntries(lines.slice(1).map((l) => [l.split(",")[0], l]));
    expect(byId[made[25]!]).toEndWith(",25,Office");
    expect(byId[made[10]!]).toEndWith(",10,Visio");
  });
});
