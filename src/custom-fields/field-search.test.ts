import { afterEach, beforeEach, expect, test } from "bun:test";
import { createTestApp, type TestApp } from "../testing/test-app";
import { submit } from "../tickets/tickets.fixtures";
import { defineField } from "./fields.fixtures";

let t: TestApp;
let admin: string;
beforeEach(async () => {
  t = await createTestApp();
  admin = await t.loginAs("admin");
});
afterEach(() => t.close());

const define = (json: Record<string, unknown>) => defineField(t, admin, json);
const found = async (term: string) => {
  const res = await t.request(`/api/admin/tickets?search=${encodeURIComponent(term)}`, { cookie: admin });
  return ((await res.json()) as { tickets: { id: number }[] }).tickets.map((x) => x.id);
};

test("staff search matches the values of text fields, as submitted and as edited", async () => {
  await define({ key: "cost_centre", label: "Cost centre", kind: "text" });
  await define({ key: "details", label: "Details", kind: "long_text" });
  await define({ key: "asset_tag", label: "Asset tag", kind: "text", visibility: "staff" });
  await define({ key: "seats", label: "Seats", kind: "number" });
  const { id } = await submit(t, {
    customFields: { cost_centre: "Zanzibar-77", details: "Needs a quokka dock", seats: 31337 },
  });
  await submit(t); // another ticket, without values
  expect(await found("Zanzibar")).toEqual([id]);
  expect(await found("quokka")).toEqual([id]);
  expect(await found("31337")).toEqual([]); // numbers are filtered, not searched
  const edit = (customFields: Record<string, unknown>) =>
    t.request(`/api/admin/tickets/${id}/fields`, { method: "PUT", cookie: admin, json: { customFields } });
  expect((await edit({ asset_tag: "Quixotic-9" })).status).toBe(200);
  expect(await found("Quixotic")).toEqual([id]);
  expect((await edit({ asset_tag: "Plain-1", cost_centre: null })).status).toBe(200);
  expect([await found("Quixotic"), await found("Zanzibar"), await found("Plain")]).toEqual([[], [], [id]]);
});
