import { afterEach, beforeEach, expect, test } from "bun:test";
import { Validator } from "@seriousme/openapi-schema-validator";
import { createTestApp, type TestApp } from "../../src/testing/test-app";
import type { OpenApiDocument } from "../../src/http/openapi/document";
import { schemaDrift } from "../../src/testing/openapi-checks";
import { defineField } from "../../src/custom-fields/fields.fixtures";

let t: TestApp;
let admin: string;
beforeEach(async () => {
  t = await createTestApp();
  admin = await t.loginAs("admin");
});
afterEach(() => t.close());

const define = (json: Record<string, unknown>) => defineField(t, admin, json);
const described = async () =>
  (await (await t.request("/api/openapi.json", { cookie: admin })).json()) as OpenApiDocument & {
    components: { schemas: Record<string, { properties: Record<string, Record<string, unknown>> }> };
  };

test("api description – each active field in the CustomFields schema and as the list's cf.* parameters", async () => {
  await define({
    key: "product",
    label: "Product",
    kind: "select",
    options: [{ label: "Office" }, { label: "Visio" }],
  });
  await define({ key: "seats", label: "Seats", kind: "number", required: true, ticketTypes: ["Licensing"] });
  await define({ key: "asset_tag", label: "Asset tag", kind: "text", visibility: "staff" });
  const doc = await described();
  const props = doc.components.schemas.CustomFields!.properties;
  expect(props.product).toMatchObject({ title: "Product", type: "string", enum: ["o1", "o2"] });
  expect(props.seats).toMatchObject({ type: "number", description: "Required. On Licensing requests" });
  expect(props.asset_tag!.description).toContain("Staff only");
  const names = (path: string) =>
    ((doc.paths[path]?.get?.parameters ?? []) as { name: string }[])
      .map((p) => p.name)
      .filter((n) => n.startsWith("cf."));
  expect(names("/api/admin/tickets")).toEqual([
    "cf.product",
    "cf.seats",
    "cf.seats.min",
    "cf.seats.max",
    "cf.asset_tag",
  ]);
  expect(names("/api/admin/tickets/export.csv")).toContain("cf.seats.min");
  expect(doc.paths["/api/tickets"]!.post!.description).toContain("CustomFields");
  expect(schemaDrift(t.app, doc)).toEqual([]);
  const result = await new Validator().validate(structuredClone(doc) as never);
  expect([result.valid, result.errors]).toEqual([true, undefined]);

  // a field switched off leaves the description
  const fields = (await (await t.request("/api/admin/custom-fields", { cookie: admin })).json()) as {
    id: number;
    key: string;
  }[];
  const seats = (Array.isArray(fields) ? fields : (fields as { fields: typeof fields }).fields).find(
    (f) => f.key === "seats",
  )!;
  const off = await t.request(`/api/admin/custom-fields/${seats.id}`, {
    method: "PUT",
    cookie: admin,
    json: { isActive: false },
  });
  expect(off.status).toBe(200);
  expect(Object.keys((await described()).components.schemas.CustomFields!.properties)).toEqual([
    "product",
    "asset_tag",
  ]);
});
