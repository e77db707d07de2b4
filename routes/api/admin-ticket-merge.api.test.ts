import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { createTestApp, type TestApp } from "../../src/testing/test-app";
import { auditLogs, fileAttachments, ticketMessages, ticketNotes, tickets } from "../../db/schema";
import { insertTicket } from "../../src/tickets/admin-tickets.fixtures";
import { mintTicketLink } from "../../src/conversation/links";

let t: TestApp;
beforeEach(async () => (t = await createTestApp()));
afterEach(() => t.close());

const call = async (cookie: string, method: string, path: string, json?: unknown) => {
  const res = await t.request(path, { cookie, method, json });
  return { status: res.status, body: await res.json() };
};
const merge = (cookie: string, id: number, into: unknown) =>
  call(cookie, "POST", `/api/admin/tickets/${id}/merge`, { into });
const row = (id: number) => t.db.select().from(tickets).where(eq(tickets.id, id)).get()!;
const note = (ticketId: number, text: string) =>
  t.db
    .insert(ticketNotes)
    .values({
      ticketId,
      note: text,
      userName: "Jane",
      userEmail: "jane@example.com",
      isInternal: false,
      createdAt: new Date(),
    })
    .returning()
    .get();

describe("merging tickets", () => {
  test("moves notes, files, tags and the e-mail thread; closes the merged one with a pointer; audits both", async () => {
    const admin = await t.loginAs("admin");
    const from = insertTicket(t);
    const into = insertTicket(t);
    const n = note(from.id, "first words");
    t.db
      .insert(fileAttachments)
      .values({
        ticketId: from.id,
        fileName: "a.txt",
        originalName: "a.txt",
        filePath: "x.txt",
        fileSize: 1,
        mimeType: "text/plain",
        uploadedAt: new Date(),
      } as never)
      .run();
    t.db
      .insert(ticketMessages)
      .values({
        ticketId: from.id,
        messageId: "<m1@example.com>",
        direction: "out",
        createdAt: new Date(),
      } as never)
      .run();
    await call(admin, "PUT", `/api/admin/tickets/${from.id}/tags`, { tags: ["printer"] });
    await call(admin, "PUT", `/api/admin/tickets/${into.id}/tags`, { tags: ["vip"] });
    const res = await merge(admin, from.id, into.id);
    expect(res.status).toBe(200);
    expect([res.body.merged.status, res.body.merged.mergedInto, res.body.target.tags]).toEqual([
      "completed",
      into.id,
      ["vip", "printer"],
    ]);
    expect(t.db.select().from(ticketNotes).where(eq(ticketNotes.id, n.id)).get()!.ticketId).toBe(into.id);
    expect(
      t.db
        .select()
        .from(fileAttachments)
        .all()
        .map((f) => f.ticketId),
    ).toEqual([into.id]);
    expect(
      t.db
        .select()
        .from(ticketMessages)
        .all()
        .map((m) => m.ticketId),
    ).toEqual([into.id]);
    expect(row(from.id).tags).toEqual([]);
    const audits = t.db
      .select()
      .from(auditLogs)
      .all()
      .filter((a) => a.action.startsWith("merged_"));
    expect(audits.map((a) => [a.action, a.entityId, a.newValue])).toEqual([
      ["merged_into", from.ticketId, { into: into.ticketId, status: "completed" }],
      [
        "merged_from",
        into.ticketId,
        { from: from.ticketId, notes: [n.id], files: [expect.any(Number)], tags: ["printer"] },
      ],
    ]);
  });

  test("the merged ticket is read-only: writes answer 409 naming the target; reads still work", async () => {
    const admin = await t.loginAs("admin");
    const from = insertTicket(t);
    const into = insertTicket(t);
    await merge(admin, from.id, into.id);
    const message = `This ticket was merged into ${into.ticketId}; make changes there`;
    for (const [method, path, json] of [
      ["PUT", `/api/admin/tickets/${from.id}/status`, { status: "open" }],
      ["PUT", `/api/admin/tickets/${from.id}/priority`, { priority: "high" }],
      ["PUT", `/api/admin/tickets/${from.id}/assign`, { assignedTo: null }],
      ["PUT", `/api/admin/tickets/${from.id}/tags`, { tags: ["x"] }],
      ["POST", `/api/admin/tickets/${from.id}/notes`, { note: "hello" }],
      ["POST", "/api/admin/tickets/bulk", { ids: [from.id], action: "priority", value: "high" }],
      ["POST", `/api/admin/tickets/${into.id}/merge`, { into: from.id }],
    ] as const)
      expect([path, await call(admin, method, path, json)]).toEqual([
        path,
        { status: 409, body: { message } },
      ]);
    expect((await call(admin, "GET", `/api/admin/tickets/${from.id}`)).status).toBe(200);
  });

  test("refused across scopes (404), into itself (400), and without a target (400)", async () => {
    const admin = await t.loginAs("admin");
    const staff = await t.loginAs("staff", { allowedDepartments: ["IT"] });
    const mine = insertTicket(t, { department: "IT" });
    const hidden = insertTicket(t, { department: "Finance" });
    expect((await merge(staff, mine.id, hidden.id)).status).toBe(404);
    expect((await merge(staff, hidden.id, mine.id)).status).toBe(404);
    expect((await merge(admin, mine.id, mine.id)).status).toBe(400);
    expect((await merge(admin, mine.id, "x")).status).toBe(400);
    expect([row(mine.id).mergedInto, row(hidden.id).mergedInto]).toEqual([null, null]);
  });

  test("the merged ticket's private link opens the target", async () => {
    const admin = await t.loginAs("admin");
    const from = insertTicket(t);
    const into = insertTicket(t, { description: "The target ticket's text" });
    const token = mintTicketLink(t.db, from.id, new Date());
    await merge(admin, from.id, into.id);
    const page = await t.request(`/api/t/${token}`);
    expect(page.status).toBe(200);
    expect(JSON.stringify(await page.json())).toContain(into.ticketId);
  });

  test("a ticket with 1,000 notes and 100 files merges in one transaction (time printed)", async () => {
    const admin = await t.loginAs("admin");
    const from = insertTicket(t);
    const into = insertTicket(t);
    t.sqlite.exec("BEGIN");
    for (let i = 0; i < 1000; i++) note(from.id, `note ${i}`);
    for (let i = 0; i < 100; i++)
      t.db
        .insert(fileAttachments)
        .values({
          ticketId: from.id,
          fileName: `f${i}.txt`,
          originalName: `f${i}.txt`,
          filePath: `f${i}.txt`,
          fileSize: 1,
          mimeType: "text/plain",
          uploadedAt: new Date(),
        } as never)
        .run();
    t.sqlite.exec("COMMIT");
    const started = performance.now();
    expect((await merge(admin, from.id, into.id)).status).toBe(200);
    console.log(`merge of 1,000 notes and 100 files: ${(performance.now() - started).toFixed(1)} ms`);
    expect(t.db.select().from(ticketNotes).where(eq(ticketNotes.ticketId, into.id)).all()).toHaveLength(1000);
  });
});
