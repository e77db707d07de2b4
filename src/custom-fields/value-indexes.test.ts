import { afterEach, beforeEach, expect, test } from "bun:test";
import { createTestApp, type TestApp } from "../testing/test-app";
import { submit } from "../tickets/tickets.fixtures";
import { defineField } from "./fields.fixtures";

// What a submission's values cost to write: each row enters the value index of its own column only.
let t: TestApp;
let admin: string;
beforeEach(async () => {
  t = await createTestApp();
  admin = await t.loginAs("admin");
});
afterEach(() => t.close());

const define = (json: Record<string, unknown>) => defineField(t, admin, json);

/** Entries of each index of the values table, counted on its leaf pages. */
const entries = () =>
  Object.fromEntries(
    t.sqlite
      .query<{ name: string; n: number }, []>(
        `SELECT name, sum(ncell) AS n FROM dbstat WHERE name LIKE 'ticket_field_values%' AND pagetype = 'leaf'
         GROUP BY name`,
      )
      .all()
      .map((r) => [r.name, r.n]),
  );

test("a submission's values enter the index of their own column only, and read back whole", async () => {
  await define({ key: "seats", label: "Seats", kind: "number" });
  await define({ key: "renewal", label: "Renewal", kind: "checkbox" });
  await define({ key: "product", label: "Product", kind: "select", options: [{ label: "Office" }] });
  await define({ key: "cost_centre", label: "Cost centre", kind: "text" });
  await define({
    key: "extras",
    label: "Extras",
    kind: "multi_select",
    options: [{ label: "Dock" }, { label: "Mouse" }],
  });
  const values = { seats: 12, renewal: true, product: "o1", cost_centre: "CC-42", extras: ["o1", "o2"] };
  const { id } = await submit(t, { ticketType: "Licensing", customFields: values });
  await submit(t, { ticketType: "Licensing", customFields: { seats: 3 } });

  // two numbers and a checkbox; a select, a text and two options
  expect(entries()).toEqual({
    ticket_field_values: 7,
    ticket_field_values_number_idx: 3,
    ticket_field_values_text_idx: 4,
  });
  const res = await t.request(`/api/admin/tickets/${id}/fields`, { cookie: admin });
  expect(((await res.json()) as { values: unknown }).values).toEqual(values);
});
