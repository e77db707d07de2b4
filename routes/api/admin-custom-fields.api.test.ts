import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { createTestApp, type TestApp } from "../../src/testing/test-app";
import { expectAudit } from "../../src/testing/expect-audit";

let t: TestApp;
let admin: string;
beforeEach(async () => {
  t = await createTestApp();
  admin = await t.loginAs("admin");
});
afterEach(() => t.close());

const create = (json: Record<string, unknown>, cookie = admin) =>
  t.request("/api/admin/custom-fields", { json, cookie });
const update = (id: number, json: Record<string, unknown>, cookie = admin) =>
  t.request(`/api/admin/custom-fields/${id}`, { method: "PUT", json, cookie });

describe("custom field definitions", () => {
  test("an admin adds a field: defaults, position, and an audit row", async () => {
    const res = await create({
      key: "seats",
      label: "Seats",
      kind: "number",
      required: true,
      ticketTypes: ["Licensing"],
    });
    expect(res.status).toBe(201);
    const field = await res.json();
    expect(field).toMatchObject({
      key: "seats",
      label: "Seats",
      kind: "number",
      required: true,
      ticketTypes: ["Licensing"],
      visibility: "public",
      isActive: true,
      position: 1,
      options: [],
      helpText: "",
    });
    expectAudit(t, { entityType: "custom_field" }, [{ action: "created", entityId: "seats" }]);
    const list = await (await t.request("/api/admin/custom-fields", { cookie: admin })).json();
    expect(list.map((f: { key: string }) => f.key)).toEqual(["seats"]);
  });

  test("staff read the fields but cannot change them", async () => {
    const { id } = await (await create({ key: "seats", label: "Seats", kind: "number" })).json();
    const staff = await t.loginAs("staff");
    expect((await t.request("/api/admin/custom-fields", { cookie: staff })).status).toBe(200);
    expect((await create({ key: "other", label: "Other", kind: "text" }, staff)).status).toBe(403);
    expect((await update(id, { label: "X" }, staff)).status).toBe(403);
    expect(
      (await t.request("/api/admin/custom-fields/reorder", { json: { ids: [id] }, cookie: staff })).status,
    ).toBe(403);
    expect((await t.request("/api/admin/custom-fields")).status).toBe(401);
  });

  test("keys are validated, unique and immutable; kinds immutable", async () => {
    for (const key of ["Seats", "1seats", "seats-count", "a".repeat(41), "", "séats"]) {
      const res = await create({ key, label: "Seats", kind: "number" });
      expect(res.status).toBe(400);
      expect((await res.json()).errors.key).toContain("Key must start with a-z");
    }
    const { id } = await (await create({ key: "seats", label: "Seats", kind: "number" })).json();
    expect((await create({ key: "seats", label: "Again", kind: "text" })).status).toBe(409);
    const rekey = await update(id, { key: "licences" });
    expect(rekey.status).toBe(400);
    expect((await rekey.json()).message).toBe("A field's key cannot be changed");
    expect((await update(id, { kind: "text" })).status).toBe(400);
    expect((await update(id, { key: "seats", kind: "number", label: "Licences" })).status).toBe(200);
  });

  test("labels, options and kinds are checked", async () => {
    const bad = [
      { key: "a", label: "", kind: "text" },
      { key: "a", label: "Line\nbreak", kind: "text" },
      { key: "a", label: "x".repeat(101), kind: "text" },
      { key: "a", label: "A", kind: "colour" },
      { key: "a", label: "A", kind: "select", options: [] },
      { key: "a", label: "A", kind: "select", options: [{ label: "X" }, { label: "x" }] },
      {
        key: "a",
        label: "A",
        kind: "select",
        options: Array.from({ length: 101 }, (_, i) => ({ label: `o${i}` })),
      },
      { key: "a", label: "A", kind: "text", ticketTypes: ["No such type"] },
      { key: "a", label: "A", kind: "text", visibility: "secret" },
      { key: "a", label: "A", kind: "text", helpText: "h".repeat(501) },
    ];
    for (const json of bad)
      expect({ json, status: (await create(json)).status }).toEqual({ json, status: 400 });
  });

  test("renaming an option keeps its id (and so its values); a new option gets a new id", async () => {
    const field = await (
      await create({
        key: "product",
        label: "Product",
        kind: "select",
        options: [{ label: "Office" }, { label: "Visio" }],
      })
    ).json();
    expect(field.options).toEqual([
      { id: "o1", label: "Office" },
      { id: "o2", label: "Visio" },
    ]);
    const res = await update(field.id, {
      options: [{ id: "o2", label: "Visio Pro" }, { id: "o1", label: "Office" }, { label: "Project" }],
    });
    expect((await res.json()).options).toEqual([
      { id: "o2", label: "Visio Pro" },
      { id: "o1", label: "Office" },
      { id: "o3", label: "Project" },
    ]);
    expect((await update(field.id, { options: [{ id: "o9", label: "Forged" }] })).status).toBe(400);
    const [row] = expectAudit(t, { entityType: "custom_field", action: "updated" }, [
      { entityId: "product" },
    ]);
    expect((row!.oldValue as { options: unknown[] }).options[1]).toEqual({ id: "o2", label: "Visio" });
    expect((row!.newValue as { options: unknown[] }).options[0]).toEqual({ id: "o2", label: "Visio Pro" });
  });

  test("at most 50 fields", async () => {
    for (let i = 0; i < 50; i++)
      expect((await create({ key: `f${i}`, label: `F${i}`, kind: "text" })).status).toBe(201);
    const res = await create({ key: "f50", label: "F50", kind: "text" });
    expect(res.status).toBe(400);
    expect((await res.json()).message).toBe("At most 50 fields");
  });

  test("reorder names every field once", async () => {
    const a = await (await create({ key: "a", label: "A", kind: "text" })).json();
    const b = await (await create({ key: "b", label: "B", kind: "text" })).json();
    const reorder = (ids: number[]) =>
      t.request("/api/admin/custom-fields/reorder", { json: { ids }, cookie: admin });
    expect((await reorder([a.id])).status).toBe(400);
    const list = await (await reorder([b.id, a.id])).json();
    expect(list.map((f: { key: string; position: number }) => [f.key, f.position])).toEqual([
      ["b", 1],
      ["a", 2],
    ]);
  });
});
