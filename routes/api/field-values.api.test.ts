import { afterEach, beforeEach, expect, test } from "bun:test";
import { createTestApp, type TestApp } from "../../src/testing/test-app";
import { submit } from "../../src/tickets/tickets.fixtures";

let t: TestApp;
let admin: string;
beforeEach(async () => {
  t = await createTestApp();
  admin = await t.loginAs("admin");
});
afterEach(() => t.close());

test("the values of a page of tickets, only those within the user's scope", async () => {
  for (const json of [
    { key: "seats", label: "Seats", kind: "number" },
    { key: "asset_tag", label: "Asset tag", kind: "text", visibility: "staff" },
  ])
    expect((await t.request("/api/admin/custom-fields", { json, cookie: admin })).status).toBe(201);
  const it = await submit(t, { department: "IT", customFields: { seats: 3 } });
  const hr = await submit(t, { department: "Human Resources", customFields: { seats: 9 } });
  const bare = await submit(t, { department: "IT" });
  await t.request(`/api/admin/tickets/${it.id}/fields`, {
    method: "PUT",
    cookie: admin,
    json: { customFields: { asset_tag: "A-1" } },
  });
  const staff = await t.loginAs("staff", { allowedDepartments: ["IT"] });
  const ask = async (cookie: string, ids: string) => {
    const res = await t.request(`/api/admin/field-values?ids=${ids}`, { cookie });
    return [res.status, await res.json()];
  };
  const ids = [it.id, hr.id, bare.id].join(",");
  expect(await ask(admin, ids)).toEqual([
    200,
    { values: { [it.id]: { seats: 3, asset_tag: "A-1" }, [hr.id]: { seats: 9 } } },
  ]);
  expect(await ask(staff, ids)).toEqual([200, { values: { [it.id]: { seats: 3, asset_tag: "A-1" } } }]);
  expect((await ask(admin, "1;DROP"))[0]).toBe(400);
  expect((await ask(admin, Array.from({ length: 101 }, (_, i) => i + 1).join(",")))[0]).toBe(400);
  expect((await t.request(`/api/admin/field-values?ids=${ids}`)).status).toBe(401);
});
