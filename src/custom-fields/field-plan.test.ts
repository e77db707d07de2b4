import { afterEach, beforeEach, expect, test } from "bun:test";
import { sql } from "drizzle-orm";
import { captureSql } from "../testing/captured-sql";
import { createTestApp, type TestApp } from "../testing/test-app";
import { insertTicket } from "../tickets/admin-tickets.fixtures";
import { planList } from "../tickets/tickets.queries";
import { ticketFiltersSchema } from "../shared/schemas/filters";
import { withFieldConds } from "./field-filters";
import { writeValues } from "./values";
import { defineField } from "./fields.fixtures";

let t: TestApp;
let admin: string;
beforeEach(async () => {
  t = await createTestApp();
  admin = await t.loginAs("admin");
});
afterEach(() => t.close());

const define = (json: Record<string, unknown>) =>
  defineField<{ id: number; key: string; kind: "select" | "number" }>(t, admin, json);

/** 400 tickets: "common" on every 2nd, "rare" on one; seats 0–399 on every 2nd; the statuses in turn. */
async function seed() {
  const product = await define({
    key: "product",
    label: "Product",
    kind: "select",
    options: [{ label: "Common" }, { label: "Rare" }],
  });
  const seats = await define({ key: "seats", label: "Seats", kind: "number" });
  const fields = [product, seats];
  const statuses = ["open", "completed", "burnt", "in_progress"];
  const rows = Array.from({ length: 400 }, (_, i) => {
    const row = insertTicket(t, { createdAt: new Date(Date.UTC(2026, 0, 1, 0, i)), status: statuses[i % 4] });
    const value = i === 7 ? "o2" : i % 2 === 0 ? "o1" : undefined;
    writeValues(t.db, row.id, fields, { product: value, seats: i % 2 === 0 ? i : undefined });
    return { id: row.id, i, status: row.status, value, seats: i % 2 === 0 ? i : undefined };
  });
  return rows;
}

const actor = {
  id: 1,
  role: "admin" as const,
  canViewAllTickets: true,
  allowedDepartments: [],
  allowedCompanies: [],
};

/** SQLite's plan for the first page of the list these query parameters ask for. */
function pagePlan(query: string) {
  const f = withFieldConds(
    t.deps.reads.ctx,
    ticketFiltersSchema.parse(Object.fromEntries(new URLSearchParams(query))),
  );
  const { plan } = planList(t.deps.reads.ctx, actor, f);
  const rows = t.db.all<{ detail: string }>(
    sql`EXPLAIN QUERY PLAN SELECT id FROM tickets WHERE ${plan.base} ORDER BY created_at DESC, id DESC LIMIT 101`,
  );
  return rows.map((r) => r.detail).join(" | ");
}

test("a value on many tickets walks the list's order and tests each ticket; a rare one is read from the values index", async () => {
  await seed();
  expect(pagePlan("cf.product=Common")).not.toContain("TEMP B-TREE");
  expect(pagePlan("cf.product=Common")).toContain("EXISTS");
  expect(pagePlan("cf.product=Rare")).toContain("ticket_field_values_text_idx (field_id=? AND value_text=?)");
  // a range tested per ticket looks the ticket's value up, never scans the range for each ticket
  expect(pagePlan("cf.product=Common&cf.seats.min=10")).not.toMatch(/value_number>\?/);
});

test("two values held by the same tickets walk the list's order: their share is seen together, not multiplied", async () => {
  await seed(); // "common" and the seats are on the same half of the tickets
  expect(pagePlan("cf.product=Common&cf.seats.min=0")).not.toContain("TEMP B-TREE");
  // none of the newest tickets holds both: the rarer value is read from its index
  expect(pagePlan("cf.seats.min=0&cf.product=Rare")).toContain(
    "ticket_field_values_text_idx (field_id=? AND value_text=?)",
  );
});

test("every plan lists the same tickets, newest first, with the exact total", async () => {
  const rows = await seed();
  const cases: [string, (r: (typeof rows)[number]) => boolean][] = [
    ["cf.product=Common", (r) => r.value === "o1"],
    ["cf.product=Rare", (r) => r.value === "o2"],
    ["cf.product=Common&status=open", (r) => r.value === "o1" && r.status === "open"],
    ["cf.product=Common&status=open,burnt", (r) => r.value === "o1" && ["open", "burnt"].includes(r.status)],
    ["cf.seats.min=100&cf.seats.max=120", (r) => r.seats !== undefined && r.seats >= 100 && r.seats <= 120],
    ["cf.product=Common&cf.seats.min=300", (r) => r.value === "o1" && (r.seats ?? -1) >= 300],
    ["cf.product=Rare&status=open", () => false],
  ];
  for (const [q, keep] of cases) {
    const res = await t.request(`/api/admin/tickets?${q}&limit=50`, { cookie: admin });
    const body = (await res.json()) as { tickets: { id: number }[]; total: number };
    if (res.status !== 200) throw new Error(`${q}: ${res.status} ${JSON.stringify(body)}`);
    const expected = rows
      .filter(keep)
      .map((r) => r.id)
      .reverse();
    expect([q, body.tickets.map((x) => x.id), body.total]).toEqual([
      q,
      expected.slice(0, 50),
      expected.length,
    ]);
  }
});

test("a search beside field filters counts only the tickets matching both", async () => {
  const rows = await seed();
  const zebra = rows.filter((r) => r.i % 4 === 0);
  for (const r of zebra)
    t.sqlite.run("UPDATE tickets SET description = 'A zebra on floor two' WHERE id = ?", [r.id]);
  const res = await t.request("/api/admin/tickets?cf.product=Common&search=zebra&limit=50", {
    cookie: admin,
  });
  const body = (await res.json()) as { tickets: { id: number }[]; total: number };
  const expected = zebra.filter((r) => r.value === "o1").map((r) => r.id);
  expect([body.tickets.length, body.total]).toEqual([50, expected.length]);
});

test("a value read whole from its index is counted by the page's own read; the next page, counted apart, agrees", async () => {
  const product = await define({
    key: "product",
    label: "Product",
    kind: "select",
    options: [{ label: "Rare" }],
  });
  const rare: number[] = [];
  for (let i = 0; i < 400; i++) {
    const row = insertTicket(t, {
      createdAt: new Date(Date.UTC(2026, 0, 1, 0, i)),
      status: i % 100 === 0 ? "open" : "completed",
    });
    // three of the four open tickets: too few of either for a walk to find a page
    if (i % 100 === 0 && i < 300) {
      writeValues(t.db, row.id, [product], { product: "o1" });
      rare.unshift(row.id);
    }
  }
  const queried = captureSql(t.sqlite);
  type Page = { tickets: { id: number }[]; total: number; totalIsExact: boolean; nextCursor: string | null };
  const read = async (q: string) =>
    (await (await t.request(`/api/admin/tickets?${q}`, { cookie: admin })).json()) as Page;
  const first = await read("cf.product=Rare&status=open&limit=2");
  expect(queried.some((s) => s.includes("count(*) OVER ()"))).toBe(true);
  expect([first.tickets.map((x) => x.id), first.total, first.totalIsExact]).toEqual([
    rare.slice(0, 2),
    3,
    true,
  ]);
  const next = await read(`cf.product=Rare&status=open&limit=2&cursor=${first.nextCursor}`);
  expect([next.tickets.map((x) => x.id), next.total, next.nextCursor]).toEqual([rare.slice(2), 3, null]);
  expect((await read("cf.product=Rare&status=completed&limit=2")).total).toBe(0);
});

test("a common value beside filters that keep few tickets reads those few by their index and sorts them", async () => {
  const rows = await seed(); // "common" on every 2nd ticket; a page of 100 among three: no walk finds it
  t.sqlite.run("UPDATE tickets SET status = 'on_hold' WHERE id IN (?, ?, ?)", [
    rows[0]!.id,
    rows[1]!.id,
    rows[2]!.id,
  ]);
  const queried = captureSql(t.sqlite);
  const res = await t.request("/api/admin/tickets?cf.product=Common&status=on_hold&limit=100", {
    cookie: admin,
  });
  const body = (await res.json()) as { tickets: { id: number }[]; total: number };
  expect(queried.some((s) => s.includes('ORDER BY +"created_at" DESC'))).toBe(true);
  expect([body.tickets.map((x) => x.id), body.total]).toEqual([[rows[2]!.id, rows[0]!.id], 2]);
});
