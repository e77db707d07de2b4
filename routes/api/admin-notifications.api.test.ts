import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { auditLogs, mailOutbox, notifications, tickets } from "../../db/schema";
import { createTestApp, type TestApp } from "../../src/testing/test-app";
import { insertTicket } from "../../src/tickets/admin-tickets.fixtures";
import { submit } from "../../src/tickets/tickets.fixtures";
import { replyAsRequester } from "../../src/conversation/requester.service";
import { SYSTEM_ACTOR } from "../../src/audit/audit.service";
import { mailNewTickets } from "../../src/notifications/new-ticket-mail";

let t: TestApp;
beforeEach(async () => (t = await createTestApp()));
afterEach(() => t.close());

const call = async (cookie: string | undefined, method: string, path: string, json?: unknown) => {
  const res = await t.request(path, { cookie, method, json });
  return { status: res.status, body: await res.json() };
};
const bell = async (cookie: string) => (await call(cookie, "GET", "/api/admin/notifications")).body;
const assign = (cookie: string, id: number, assignedTo: number | null) =>
  call(cookie, "PUT", `/api/admin/tickets/${id}/assign`, { assignedTo });
const audits = (action: string) => t.db.select().from(auditLogs).where(eq(auditLogs.action, action)).all();

/** A staff user limited to one department, signed in. */
async function agent(email: string, firstName: string, departments = ["IT"]) {
  const cookie = await t.loginAs("staff", { email, firstName, allowedDepartments: departments });
  const user = t.db
    .select()
    .from((await import("../../db/schema")).users)
    .all()
    .find((u) => u.email === email)!;
  return { cookie, id: user.id };
}

describe("notifications", () => {
  test("the bell – assigned to me shows with the unread count; read marks; 401 without a session", async () => {
    const admin = await t.loginAs("admin");
    const ann = await agent("ann@example.com", "Ann");
    const ticket = insertTicket(t);
    expect((await assign(admin, ticket.id, ann.id)).status).toBe(200);
    const seen = await bell(ann.cookie);
    expect(seen.unread).toBe(1);
    expect(seen.items[0]).toMatchObject({ kind: "assigned", ticketRef: ticket.ticketId, read: false });
    expect(seen.items[0].actorName).toBeTruthy();
    const read = await call(ann.cookie, "POST", "/api/admin/notifications/read", {});
    expect(read.body.unread).toBe(0);
    expect((await call(undefined, "GET", "/api/admin/notifications")).status).toBe(401);
    // one's own act tells nobody
    await assign(ann.cookie, ticket.id, null);
    await assign(ann.cookie, ticket.id, ann.id);
    expect((await bell(ann.cookie)).items).toHaveLength(1);
  });

  test("scope – an entry on a ticket the user can no longer see leaves their bell", async () => {
    const admin = await t.loginAs("admin");
    const bob = await agent("bob@example.com", "Bob", ["Finance"]);
    const ticket = insertTicket(t, { department: "IT" });
    await assign(admin, ticket.id, bob.id);
    expect((await bell(bob.cookie)).unread).toBe(1);
    await assign(admin, ticket.id, null);
    expect(await bell(bob.cookie)).toEqual({ items: [], unread: 0 });
  });

  test("settings – a switched-off kind is neither shown nor mailed; new tickets are off by default", async () => {
    const admin = await t.loginAs("admin");
    const ann = await agent("ann@example.com", "Ann");
    expect(
      (await call(ann.cookie, "GET", "/api/admin/notifications/settings")).body.notify.newTicket,
    ).toEqual({
      app: false,
      email: false,
    });
    await submit(t);
    expect((await bell(ann.cookie)).items).toHaveLength(0);
    const put = await call(ann.cookie, "PUT", "/api/admin/notifications/settings", {
      assigned: { app: false, email: false },
      newTicket: { app: true, email: false },
    });
    expect(put.status).toBe(200);
    expect(put.body.notify.mentioned).toEqual({ app: true, email: true });
    expect(audits("notifications_changed")).toHaveLength(1);
    await assign(admin, insertTicket(t, { ticketId: "WI-2000-001" }).id, ann.id);
    const it = await submit(t); // IT: in Ann's departments
    await submit(t, { department: "Finance" });
    // the assignment is not told (switched off); the two IT tickets created since are new tickets
    expect(
      (await bell(ann.cookie)).items.map((n: { kind: string; ticketRef: string }) => [n.kind, n.ticketRef]),
    ).toEqual([
      ["new_ticket", it.ticketId],
      ["new_ticket", "WI-2000-001"],
    ]);
    // new tickets are read from the tickets: a submission writes nothing for Ann, and no e-mail is asked for
    expect(t.db.select().from(notifications).where(eq(notifications.userId, ann.id)).all()).toHaveLength(0);
    mailNewTickets(t.db, t.deps.now());
    expect(
      t.db.select().from(mailOutbox).where(eq(mailOutbox.kind, "agent_notifications")).all(),
    ).toHaveLength(0);
    const bad = await call(ann.cookie, "PUT", "/api/admin/notifications/settings", {
      assigned: { app: "yes" },
    });
    expect(bad.status).toBe(400);
  });

  test("new tickets – read from the tickets: listed from the switch on, within scope, read all, e-mailed in a pass", async () => {
    const ann = await agent("ann@example.com", "Ann");
    await submit(t); // before Ann asks: never listed
    mailNewTickets(t.db, t.deps.now()); // the first pass starts at the newest ticket
    await call(ann.cookie, "PUT", "/api/admin/notifications/settings", {
      newTicket: { app: true, email: true },
    });
    const it = await submit(t);
    await submit(t, { department: "Finance" });
    const before = t.db.select().from(notifications).all().length;
    let seen = await bell(ann.cookie);
    expect(seen.items.map((n: { ticketRef: string }) => n.ticketRef)).toEqual([it.ticketId]);
    expect(seen.items[0]).toMatchObject({ kind: "new_ticket", read: false, id: -it.id });
    expect(seen.unread).toBe(1);
    // the e-mail is gathered by a pass after the submissions, for the ticket in Ann's scope only
    mailNewTickets(t.db, t.deps.now());
    const rows = t.db.select().from(notifications).where(eq(notifications.userId, ann.id)).all();
    expect(rows.map((r) => [r.ticketId, r.inApp])).toEqual([[it.id, false]]);
    expect(t.db.select().from(notifications).all().length).toBe(before + 1);
    mailNewTickets(t.db, t.deps.now()); // a second pass mails nothing twice
    expect(t.db.select().from(notifications).where(eq(notifications.userId, ann.id)).all()).toHaveLength(1);
    seen = (await call(ann.cookie, "POST", "/api/admin/notifications/read", {})).body;
    expect(seen.unread).toBe(0);
    expect(seen.items[0]).toMatchObject({ ticketRef: it.ticketId, read: true });
    // Ann's departments narrowed: the IT ticket leaves her bell
    const users = (await import("../../db/schema")).users;
    t.db
      .update(users)
      .set({ allowedDepartments: ["HR"] })
      .where(eq(users.id, ann.id))
      .run();
    expect(await bell(ann.cookie)).toEqual({ items: [], unread: 0 });
  });

  test("mentions – a colleague who may see the ticket is told; one who may not is named in the answer", async () => {
    const admin = await t.loginAs("admin");
    const ann = await agent("ann@example.com", "Ann");
    const bob = await agent("bob@example.com", "Bob", ["Finance"]);
    const ticket = insertTicket(t, { department: "IT" });
    const names = (await call(admin, "GET", `/api/admin/tickets/${ticket.id}/mentionable`)).body;
    expect(names.map((m: { name: string }) => m.name)).toContain("Ann User");
    expect(names.map((m: { name: string }) => m.name)).not.toContain("Bob User");
    const res = await call(admin, "POST", `/api/admin/tickets/${ticket.id}/notes`, {
      note: "@Ann User and @bob user, please look",
      isInternal: true,
    });
    expect(res.status).toBe(201);
    expect(res.body.notMentioned).toEqual(["Bob User"]);
    expect((await bell(ann.cookie)).items[0]).toMatchObject({ kind: "mentioned" });
    expect((await bell(bob.cookie)).items).toHaveLength(0);
    expect(t.db.select().from(notifications).where(eq(notifications.userId, bob.id)).all()).toHaveLength(0);
    // a reply the requester sees mentions nobody
    await call(admin, "POST", `/api/admin/tickets/${ticket.id}/notes`, {
      note: "@Ann User hi",
      isInternal: false,
    });
    expect((await bell(ann.cookie)).items).toHaveLength(1);
    expect((await call(bob.cookie, "GET", `/api/admin/tickets/${ticket.id}/mentionable`)).status).toBe(404);
  });

  test("followers – follow and unfollow, audited; the requester's reply tells followers and the assignee", async () => {
    const admin = await t.loginAs("admin");
    const ann = await agent("ann@example.com", "Ann");
    const cid = await agent("cid@example.com", "Cid");
    const bob = await agent("bob@example.com", "Bob", ["Finance"]);
    const ticket = insertTicket(t, { department: "IT" });
    const on = await call(ann.cookie, "PUT", `/api/admin/tickets/${ticket.id}/follow`);
    expect(on.body).toEqual({ following: true, followers: 1 });
    await call(ann.cookie, "PUT", `/api/admin/tickets/${ticket.id}/follow`);
    expect(audits("followed")).toHaveLength(1);
    expect((await call(bob.cookie, "PUT", `/api/admin/tickets/${ticket.id}/follow`)).status).toBe(404);
    expect((await call(undefined, "PUT", `/api/admin/tickets/${ticket.id}/follow`)).status).toBe(401);
    await assign(admin, ticket.id, cid.id); // the assignee follows by themself
    expect((await call(cid.cookie, "GET", `/api/admin/tickets/${ticket.id}/follow`)).body).toEqual({
      following: true,
      followers: 2,
    });
    const row = t.db.select().from(tickets).where(eq(tickets.id, ticket.id)).get()!;
    replyAsRequester({
      deps: t.deps,
      actor: SYSTEM_ACTOR,
      now: t.deps.now(),
      ticket: row,
      note: "Any news?",
    });
    expect((await bell(ann.cookie)).items[0]).toMatchObject({ kind: "requester_replied" });
    expect((await bell(cid.cookie)).items.map((n: { kind: string }) => n.kind)).toEqual([
      "requester_replied",
      "assigned",
    ]);
    const off = await call(ann.cookie, "DELETE", `/api/admin/tickets/${ticket.id}/follow`);
    expect(off.body).toEqual({ following: false, followers: 1 });
    expect(audits("unfollowed")).toHaveLength(1);
  });

  test("merge – the merged ticket's followers follow the target", async () => {
    const admin = await t.loginAs("admin");
    const ann = await agent("ann@example.com", "Ann");
    const from = insertTicket(t, { ticketId: "WI-2000-101" });
    const into = insertTicket(t, { ticketId: "WI-2000-102" });
    await call(ann.cookie, "PUT", `/api/admin/tickets/${from.id}/follow`);
    expect((await call(admin, "POST", `/api/admin/tickets/${from.id}/merge`, { into: into.id })).status).toBe(
      200,
    );
    expect((await call(ann.cookie, "GET", `/api/admin/tickets/${into.id}/follow`)).body.following).toBe(true);
  });

  test("away – new assignments go to the deputy, the away user hears nothing; dates and deputy are checked", async () => {
    const admin = await t.loginAs("admin");
    const ann = await agent("ann@example.com", "Ann");
    const cid = await agent("cid@example.com", "Cid");
    const today = t.deps.now().toISOString().slice(0, 10);
    const away = (json: unknown) => call(ann.cookie, "PUT", "/api/admin/notifications/away", json);
    expect((await away({ from: "2030-01-05", until: "2030-01-01", deputyId: null })).status).toBe(400);
    expect((await away({ from: today, until: today, deputyId: ann.id })).status).toBe(400);
    expect((await away({ from: today, until: today, deputyId: 9999 })).status).toBe(400);
    const set = await away({ from: "2000-01-01", until: "2999-12-31", deputyId: cid.id });
    expect(set.status).toBe(200);
    expect(set.body.away).toMatchObject({ now: true, deputyId: cid.id });
    const ticket = insertTicket(t);
    const res = await assign(admin, ticket.id, ann.id);
    expect(res.body.assignedTo).toBe(String(cid.id));
    expect((await bell(cid.cookie)).items[0]).toMatchObject({ kind: "assigned" });
    // a mention while away is paused too
    await call(admin, "POST", `/api/admin/tickets/${ticket.id}/notes`, {
      note: "@Ann User",
      isInternal: true,
    });
    expect((await bell(ann.cookie)).items).toHaveLength(0);
    expect(audits("away_set")).toHaveLength(1);
    await away({ from: null, until: null, deputyId: null });
    expect((await assign(admin, insertTicket(t).id, ann.id)).body.assignedTo).toBe(String(ann.id));
  });

  test("time spent – minutes on notes are summed per ticket and kept from the requester", async () => {
    const admin = await t.loginAs("admin");
    const ticket = insertTicket(t);
    const note = (json: unknown) => call(admin, "POST", `/api/admin/tickets/${ticket.id}/notes`, json);
    expect((await note({ note: "Looked", isInternal: true, minutesSpent: 15 })).body.minutesSpent).toBe(15);
    await note({ note: "Replied", isInternal: false, minutesSpent: 30 });
    await note({ note: "No time given", isInternal: true });
    expect((await note({ note: "x", minutesSpent: 0 })).status).toBe(400);
    expect((await note({ note: "x", minutesSpent: 1.5 })).status).toBe(400);
    expect((await call(admin, "GET", `/api/admin/tickets/${ticket.id}/time-spent`)).body).toEqual({
      minutes: 45,
    });
    const pub = await call(undefined, "GET", `/api/tickets/${ticket.id}/notes`);
    expect(pub.body.map((n: { note: string }) => n.note)).toEqual(["Replied"]);
    expect(pub.body[0]).not.toHaveProperty("minutesSpent");
  });
});
