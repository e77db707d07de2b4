import { afterEach, beforeEach, expect, test } from "bun:test";
import { Database } from "bun:sqlite";
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
