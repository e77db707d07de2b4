import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { createTestApp, type TestApp } from "../../src/testing/test-app";
import { auditLogs } from "../../db/schema";
import { insertTicket } from "../../src/tickets/admin-tickets.fixtures";

let t: TestApp;
beforeEach(async () => (t = await createTestApp()));
afterEach(() => t.close());

const call = async (cookie: string, method: string, path: string, json?: unknown) => {
  const res = await t.request(path, { cookie, method, json });
  return { status: res.status, body: await res.json() };
};
const links = (cookie: string, id: number) => call(cookie, "GET", `/api/admin/tickets/${id}/links`);

describe("ticket links", () => {
  test("parent/child and related show on both tickets with their status; removal and audit", async () => {
    const admin = await t.loginAs("admin");
    const parent = insertTicket(t);
    const child = insertTicket(t, { status: "in_progress" });
    const other = insertTicket(t);
    const added = await call(admin, "POST", `/api/admin/tickets/${parent.id}/links`, {
      ticket: child.ticketId,
      kind: "child",
    });
    expect(added.status).toBe(201);
    await call(admin, "POST", `/api/admin/tickets/${parent.id}/links`, { ticket: other.id, kind: "related" });
    const mine = (await links(admin, parent.id)).body.map(
      (l: { kind: string; ticket: { ticketId: string; status: string } }) => [
        l.kind,
        l.ticket.ticketId,
        l.ticket.status,
      ],
    );
    expect(mine).toEqual([
      ["child", child.ticketId, "in_progress"],
      ["related", other.ticketId, "open"],
    ]);
    const theirs = (await links(admin, child.id)).body;
    expect(theirs.map((l: { kind: string }) => l.kind)).toEqual(["parent"]);
    expect(
      (
        await call(admin, "POST", `/api/admin/tickets/${child.id}/links`, {
          ticket: parent.id,
          kind: "related",
        })
      ).status,
    ).toBe(409);
    expect((await call(admin, "DELETE", `/api/admin/tickets/${child.id}/links/${theirs[0].id}`)).status).toBe(
      200,
    );
    expect((await links(admin, parent.id)).body).toHaveLength(1);
    const actions = t.db
      .select()
      .from(auditLogs)
      .all()
      .map((a) => a.action)
      .filter((a) => a.endsWith("linked"));
    expect(actions).toEqual(["linked", "linked", "unlinked"]);
  });

  test("refused across scopes, to itself and with a bad kind; links to unseen tickets are not listed", async () => {
    const admin = await t.loginAs("admin");
    const staff = await t.loginAs("staff", { allowedDepartments: ["IT"] });
    const mine = insertTicket(t, { department: "IT" });
    const hidden = insertTicket(t, { department: "Finance" });
    expect(
      (
        await call(staff, "POST", `/api/admin/tickets/${mine.id}/links`, {
          ticket: hidden.id,
          kind: "related",
        })
      ).status,
    ).toBe(404);
    expect((await call(staff, "GET", `/api/admin/tickets/${hidden.id}/links`)).status).toBe(404);
    expect(
      (await call(admin, "POST", `/api/admin/tickets/${mine.id}/links`, { ticket: mine.id, kind: "related" }))
        .status,
    ).toBe(400);
    expect(
      (
        await call(admin, "POST", `/api/admin/tickets/${mine.id}/links`, {
          ticket: hidden.id,
          kind: "sibling",
        })
      ).status,
    ).toBe(400);
    await call(admin, "POST", `/api/admin/tickets/${mine.id}/links`, { ticket: hidden.id, kind: "related" });
    expect((await links(staff, mine.id)).body).toEqual([]);
    expect((await links(admin, mine.id)).body).toHaveLength(1);
  });
});
