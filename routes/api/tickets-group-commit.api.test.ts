import { afterEach, beforeEach, expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { sql } from "drizzle-orm";
import { createTestApp, type TestApp } from "../../src/testing/test-app";
import { emailRouting, mailOutbox } from "../../db/schema";
import { validTicket } from "../../src/tickets/tickets.fixtures";
import { auditRows } from "../../src/testing/expect-audit";

let t: TestApp;
beforeEach(async () => (t = await createTestApp({ now: () => new Date("2026-03-04T10:00:00Z") })));
afterEach(() => t.close());
const post = (json: unknown) => t.request("/api/tickets", { json });
const idOf = (n: number) => `WI-2026-${String(n).padStart(3, "0")}`;

test("group commit – 200 parallel submissions share commits and get ids 1…200 with their audit and mail rows", async () => {
  const now = new Date();
  t.db
    .insert(emailRouting)
    .values({
      name: "all",
      emailAddresses: "ops@example.com",
      conditionType: "all",
      createdAt: now,
      updatedAt: now,
    })
    .run();
  const res = await Promise.all(Array.from({ length: 200 }, () => post(validTicket())));
  expect(res.map((r) => r.status)).toEqual(Array(200).fill(201));
  const bodies = (await Promise.all(res.map((r) => r.json()))) as { id: number; ticketId: string }[];
  const byRow = bodies.toSorted((a, b) => a.id - b.id);
  // unique and sequential: the n-th row holds the n-th id
  expect(byRow.map((b) => b.ticketId)).toEqual(Array.from({ length: 200 }, (_, i) => idOf(i + 1)));
  expect(byRow.map((b) => b.id)).toEqual(Array.from({ length: 200 }, (_, i) => i + 1));
  expect(auditRows(t, { action: "created", entityType: "ticket" })).toHaveLength(200);
  expect(
    t.db
      .select()
      .from(mailOutbox)
      .all()
      .filter((m) => m.kind === "staff_notification").length,
  ).toBe(200);
  const { commits, largest } = t.deps.groupCommit.stats;
  expect(commits).toBeLessThan(200);
  expect(largest).toBeGreaterThan(1);
});

test("group commit – an invalid submission in a batch fails alone; its neighbours commit without a gap", async () => {
  const bodies = Array.from({ length: 20 }, (_, i) =>
    validTicket(i === 7 ? { department: "No such team" } : {}),
  );
  const res = await Promise.all(bodies.map(post));
  expect(res.map((r) => r.status)).toEqual(bodies.map((_, i) => (i === 7 ? 400 : 201)));
  expect(await res[7]!.json()).toEqual({
    message: "Department is required",
    errors: { department: "Department is required" },
  });
  const ids = await Promise.all(
    res.filter((r) => r.status === 201).map(async (r) => (await r.json()).ticketId),
  );
  expect(ids.toSorted()).toEqual(Array.from({ length: 19 }, (_, i) => idOf(i + 1)));
  expect(t.deps.groupCommit.stats.largest).toBeGreaterThan(1); // the bad one shared a commit with others
  expect(auditRows(t, { action: "created", entityType: "ticket" })).toHaveLength(19);
});

test("group commit – each submission is answered only once another connection can read its ticket", async () => {
  const reader = new Database(t.config.dbPath, { readonly: true });
  const visible = reader.query<{ n: number }, [string]>(
    "SELECT count(*) AS n FROM tickets WHERE ticket_id = ?",
  );
  try {
    const seen = await Promise.all(
      Array.from({ length: 60 }, async () => {
        const { ticketId } = (await (await post(validTicket())).json()) as { ticketId: string };
        return visible.get(ticketId)!.n; // read the moment the answer arrives
      }),
    );
    expect(seen).toEqual(Array(60).fill(1));
  } finally {
    reader.close();
  }
});

test("group commit – public notes sent together are stored together, each answered after its commit", async () => {
  const { id } = (await (await post(validTicket())).json()) as { id: number };
  const before = t.deps.groupCommit.stats.commits;
  const res = await Promise.all(
    Array.from({ length: 10 }, (_, i) =>
      t.request(`/api/tickets/${id}/notes`, {
        json: { note: `note ${i}`, userName: "Jane", userEmail: "jane.doe@example.com" },
      }),
    ),
  );
  expect(res.map((r) => r.status)).toEqual(Array(10).fill(201));
  expect(t.deps.groupCommit.stats.commits - before).toBeLessThan(10);
  expect(auditRows(t, { action: "created", entityType: "note" })).toHaveLength(10);
});

/** FTS5 compares an external-content index with its table: any term missing or left over fails it. */
const indexIntact = () => t.sqlite.exec("INSERT INTO tickets_fts(tickets_fts) VALUES ('integrity-check')");
const found = (term: string) =>
  t.sqlite
    .query<{ id: number }, [string]>(
      "SELECT rowid AS id FROM tickets_fts WHERE tickets_fts MATCH ? ORDER BY rowid",
    )
    .all(`"${term}"`)
    .map((r) => r.id);

test("group commit – a batch's tickets are searchable the moment each is answered, indexed once before its COMMIT", async () => {
  const reader = new Database(t.config.dbPath, { readonly: true });
  const search = reader.query<{ n: number }, [string]>(
    "SELECT count(*) AS n FROM tickets_fts WHERE tickets_fts MATCH ?",
  );
  try {
    const seen = await Promise.all(
      Array.from({ length: 40 }, async (_, i) => {
        const res = await post(validTicket({ description: `Scanner zq${i}xw jams on page two` }));
        expect(res.status).toBe(201);
        return search.get(`"zq${i}xw"`)!.n;
      }),
    );
    expect(seen).toEqual(Array(40).fill(1));
  } finally {
    reader.close();
  }
  expect(t.deps.groupCommit.stats.largest).toBeGreaterThan(1);
  // the deferral lives only inside a batch's transaction
  expect(t.sqlite.query("SELECT count(*) AS n FROM search_index_deferred").get()).toEqual({ n: 0 });
  expect(t.sqlite.query("SELECT count(*) AS n FROM search_index_pending").get()).toEqual({ n: 0 });
  indexIntact();
  // a write outside any batch still indexes at once
  t.sqlite.exec("UPDATE tickets SET description = 'Toner qv77kk low' WHERE id = 3");
  expect(found("qv77kk")).toEqual([3]);
  expect(found("zq2xw")).toEqual([]);
  indexIntact();
});

test("group commit – a batch run again after a failed write indexes what it stored and nothing it undid", async () => {
  const bodies = Array.from({ length: 12 }, (_, i) =>
    validTicket({
      description: `Monitor vv${i}qq flickers`,
      ...(i === 5 ? { department: "No such team" } : {}),
    }),
  );
  const res = await Promise.all(bodies.map(post));
  expect(res.map((r) => r.status)).toEqual(bodies.map((_, i) => (i === 5 ? 400 : 201)));
  expect(t.deps.groupCommit.stats.retried).toBeGreaterThan(0);
  expect(found("vv5qq")).toEqual([]);
  expect(
    bodies.filter((_, i) => i !== 5).every((_, i) => found(`vv${i < 5 ? i : i + 1}qq`).length === 1),
  ).toBe(true);
  indexIntact();
});

test("group commit – a ticket changed or deleted in its own batch is indexed as it stands at COMMIT", async () => {
  const change = (tx: Parameters<Parameters<typeof t.deps.groupCommit.run>[0]>[0], sqlText: string) =>
    tx.run(sql.raw(sqlText));
  const insert = (name: string) =>
    `INSERT INTO tickets (ticket_id, first_name, last_name, email, phone, company_name, department, ticket_type, priority, description, status, created_at, updated_at)
     VALUES ('${name}', 'Ann', 'Lee', 'ann@example.com', '555', 'Main Office', 'IT', 'IT', 'low', 'first ${name}', 'open', 0, 0)`;
  await Promise.all([
    t.deps.groupCommit.run((tx) => {
      change(tx, insert("kept1x"));
      change(tx, "UPDATE tickets SET description = 'second kept1x' WHERE ticket_id = 'kept1x'");
    }),
    t.deps.groupCommit.run((tx) => {
      change(tx, insert("gone2x"));
      change(tx, "DELETE FROM tickets WHERE ticket_id = 'gone2x'");
    }),
  ]);
  expect(t.deps.groupCommit.stats.largest).toBe(2);
  expect(found("second")).toHaveLength(1);
  expect(found("first")).toEqual([]);
  expect(found("gone2x")).toEqual([]);
  indexIntact();
});
