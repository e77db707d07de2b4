// Staff never read a colleague's sign-in address, wherever the colleague appears (note and file
// authors, who changed a ticket, the export, presence); their own and the requester's stay shown.
import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { createTestApp, type TestApp } from "../../src/testing/test-app";
import { ticketNotes, users } from "../../db/schema";
import { insertTicket } from "../../src/tickets/admin-tickets.fixtures";
import { file, form, PNG_BYTES } from "../../src/tickets/tickets.fixtures";
import type { LiveClient } from "../../src/events/hub";
import { toUserDto } from "../../src/users/users.dto";

const AUTHOR = "author@example.com";
let t: TestApp;
let admin: string;
let author: { id: number; cookie: string };
let viewer: string;
beforeEach(async () => {
  t = await createTestApp();
  admin = await t.loginAs("admin");
  // A colleague without a name: their address would stand in for it.
  const row = await t.createUser({ email: AUTHOR, canViewAllTickets: true });
  t.db.update(users).set({ firstName: null, lastName: null }).where(eq(users.id, row.id)).run();
  author = { id: row.id, cookie: await t.login(AUTHOR, "password123") };
  viewer = await t.loginAs("staff", { email: "viewer@example.com", allowedDepartments: ["IT"] });
});
afterEach(() => t.close());

const get = async (path: string, cookie: string) => {
  const res = await t.request(path, { cookie });
  expect(res.status).toBe(200);
  return res;
};
type Authored = { userId: number | null; userEmail: string | null; userName: string | null };

describe("colleagues' addresses", () => {
  test("note and file authors: staff see no colleague's address, their own and the requester's stay", async () => {
    const tk = insertTicket(t, { department: "IT", email: "jane@example.com" });
    const n = await t.request(`/api/admin/tickets/${tk.id}/notes`, {
      cookie: author.cookie,
      json: { note: "Checked the cable", isInternal: true },
    });
    expect(n.status).toBe(201);
    const up = await t.request(`/api/admin/tickets/${tk.id}/attachments`, {
      cookie: author.cookie,
      body: form([["file", file("shot.png", PNG_BYTES)]]),
    });
    expect(up.status).toBe(201);
    t.db
      .insert(ticketNotes)
      .values({
        ticketId: tk.id,
        note: "Any news?",
        userName: "Jane",
        userEmail: "jane@example.com",
        userId: null,
      })
      .run();
    const own = await t.request(`/api/admin/tickets/${tk.id}/notes`, {
      cookie: viewer,
      json: { note: "On my way", isInternal: false },
    });
    expect(((await own.json()) as Authored).userEmail).toBe("viewer@example.com");

    const notesRes = await get(`/api/admin/tickets/${tk.id}/notes`, viewer);
    const notes = (await notesRes.clone().json()) as Authored[];
    expect(await notesRes.text()).not.toContain(AUTHOR);
    expect(notes.map((x) => [x.userName, x.userEmail])).toEqual([
      [`User #${author.id}`, null],
      ["Jane", "jane@example.com"],
      ["Test User", "viewer@example.com"],
    ]);
    const filesRes = await get(`/api/admin/tickets/${tk.id}/attachments`, viewer);
    expect(await filesRes.clone().text()).not.toContain(AUTHOR);
    expect(((await filesRes.json()) as Authored[]).map((x) => [x.userName, x.userEmail])).toEqual([
      [`User #${author.id}`, null],
    ]);
    // Admins manage users: they read every address; so does the author on their own rows.
    for (const cookie of [admin, author.cookie]) {
      expect(await (await get(`/api/admin/tickets/${tk.id}/notes`, cookie)).text()).toContain(AUTHOR);
      expect(await (await get(`/api/admin/tickets/${tk.id}/attachments`, cookie)).text()).toContain(AUTHOR);
    }
  });

  test("who changed a ticket (a stale write's 409) and the export's assignee name no colleague's address", async () => {
    const tk = insertTicket(t, { department: "IT" });
    const put = (path: string, json: unknown, cookie: string, ifMatch?: string) =>
      t.request(`/api/admin/tickets/${tk.id}/${path}`, {
        method: "PUT",
        json,
        cookie,
        headers: ifMatch ? { "If-Match": ifMatch } : {},
      });
    expect((await put("assign", { assignedTo: author.id }, author.cookie)).status).toBe(200);
    const stale = async (cookie: string) => {
      const res = await put("priority", { priority: "high" }, cookie, '"1"');
      expect(res.status).toBe(409);
      return ((await res.json()) as { changedBy: { name: string } }).changedBy.name;
    };
    expect(await stale(viewer)).toBe(`User #${author.id}`);
    expect(await stale(admin)).toBe(AUTHOR);
    const csv = await (await get("/api/admin/tickets/export.csv", viewer)).text();
    expect(csv).toContain(`User #${author.id}`);
    expect(csv).not.toContain(AUTHOR);
    expect(await (await get("/api/admin/tickets/export.csv", admin)).text()).toContain(AUTHOR);
  });

  test("presence names a nameless colleague without their address", async () => {
    const tk = insertTicket(t, { department: "IT" });
    const me = t.db.select().from(users).where(eq(users.email, "viewer@example.com")).get()!;
    const { sid } = t.sqlite.query("SELECT sid FROM sessions WHERE user_id = ?").get(me.id) as {
      sid: string;
    };
    const sent: string[] = [];
    const client: LiveClient = { sid, user: toUserDto(me), write: (x) => sent.push(x), end: () => {} };
    const disconnect = t.deps.events.connect(client);
    try {
      const res = await t.request("/api/admin/events/presence", {
        cookie: author.cookie,
        json: { ticketId: tk.id },
      });
      expect(res.status).toBe(200);
      expect(sent.join("")).toContain(`User #${author.id}`);
      expect(sent.join("")).not.toContain(AUTHOR);
    } finally {
      disconnect();
    }
  });
});
