// The hub reads each viewer's current scope before it sends: a change to the users table made before a
// ticket change is seen by that change's event, whichever connection (or process) wrote it.
import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { openDatabase } from "../../db/client";
import { users } from "../../db/schema";
import { toUserDto } from "../users/users.dto";
import { insertTicket } from "../tickets/admin-tickets.fixtures";
import { createTestApp, type TestApp } from "../testing/test-app";
import type { LiveClient } from "./hub";

// A clock that does not move: no session check is ever due by time, only by what was written.
const NOW = new Date("2026-03-02T10:00:00Z");
let t: TestApp;
beforeEach(async () => {
  t = await createTestApp({ now: () => NOW });
});
afterEach(() => t.close());

type Over = Partial<Parameters<TestApp["createUser"]>[0]>;
async function viewer(allowedDepartments: string[], over: Over = {}) {
  const email = `viewer-${crypto.randomUUID().slice(0, 8)}@example.com`;
  const user = await t.createUser({ email, allowedDepartments, ...over });
  await t.login(email, "password123");
  const { sid } = t.sqlite.query("SELECT sid FROM sessions WHERE user_id = ?").get(user.id) as {
    sid: string;
  };
  const sent: string[] = [];
  let ended = false;
  const client: LiveClient = {
    sid,
    user: toUserDto(user),
    write: (text) => sent.push(text),
    end: () => {
      ended = true;
    },
  };
  const disconnect = t.deps.events.connect(client);
  return { user, client, sent, ended: () => ended, disconnect };
}

describe("live events – a viewer's scope is read before every send", () => {
  for (const writer of ["this connection", "another connection"] as const) {
    test(`departments changed by ${writer} apply to the very next ticket change`, async () => {
      const it = insertTicket(t, { department: "IT" });
      const any = insertTicket(t, { department: "Finance" });
      const v = await viewer(["IT"]);
      const other = writer === "this connection" ? null : openDatabase(t.config.dbPath);
      const db = other?.db ?? t.db;
      try {
        // Admin changes some ticket; the hub sends it (and reads its viewers then).
        t.sqlite.run("UPDATE tickets SET priority = 'high' WHERE id = ?", [any.id]);
        t.deps.events.tick();
        // Then, well inside any time window, the viewer moves to HR and an IT ticket changes.
        db.update(users)
          .set({ allowedDepartments: ["Human Resources"] })
          .where(eq(users.id, v.user.id))
          .run();
        db.run(`UPDATE tickets SET description = 'Secret after the move' WHERE id = ${it.id}`);
        t.deps.events.tick();
        expect(v.sent.join("")).not.toContain("Secret after the move");
        expect(v.sent.join("")).not.toContain(`"ticketId":${it.id}`);
      } finally {
        v.disconnect();
        other?.sqlite.close();
      }
    });
  }

  const narrowed: [string, Over, Partial<typeof users.$inferInsert>][] = [
    ["companies", { allowedCompanies: ["Main Office"] }, { allowedCompanies: ["Other Co"] }],
    ["see-all access", { canViewAllTickets: true }, { canViewAllTickets: false }],
    ["role", { role: "admin" }, { role: "staff" }],
  ];
  for (const [what, from, to] of narrowed)
    test(`a narrowed ${what} applies to the very next ticket change`, async () => {
      const it = insertTicket(t, { department: "IT", companyName: "Main Office" });
      const v = await viewer([], from);
      t.sqlite.run("UPDATE tickets SET priority = 'high' WHERE id = ?", [it.id]);
      t.deps.events.tick();
      expect(v.sent.join("")).toContain(`"ticketId":${it.id}`);
      t.db.update(users).set(to).where(eq(users.id, v.user.id)).run();
      t.sqlite.run("UPDATE tickets SET description = 'Secret after the change' WHERE id = ?", [it.id]);
      t.deps.events.tick();
      expect(v.sent.join("")).not.toContain("Secret after the change");
      v.disconnect();
    });

  test("a deleted viewer's stream ends at the next write", async () => {
    const it = insertTicket(t, { department: "IT" });
    const v = await viewer(["IT"]);
    t.deps.events.tick();
    t.db.delete(users).where(eq(users.id, v.user.id)).run();
    t.sqlite.run("UPDATE tickets SET description = 'After deletion' WHERE id = ?", [it.id]);
    t.deps.events.tick();
    expect(v.sent.join("")).not.toContain("After deletion");
    expect(v.ended()).toBe(true);
  });

  test("a write that touches no user loads no user again; one that does, loads only that viewer", async () => {
    const it = insertTicket(t, { department: "IT" });
    const [a, b] = [await viewer(["IT"]), await viewer(["IT"])];
    t.sqlite.run("UPDATE tickets SET priority = 'high' WHERE id = ?", [it.id]);
    t.deps.events.tick();
    const [userA, userB] = [a.client.user, b.client.user];
    t.sqlite.run("UPDATE tickets SET priority = 'low' WHERE id = ?", [it.id]);
    t.deps.events.tick();
    expect(a.client.user).toBe(userA);
    t.db
      .update(users)
      .set({ firstName: "Renamed", updatedAt: new Date(NOW.getTime() + 1) })
      .where(eq(users.id, a.user.id))
      .run();
    t.sqlite.run("UPDATE tickets SET priority = 'high' WHERE id = ?", [it.id]);
    t.deps.events.tick();
    expect(a.client.user.firstName).toBe("Renamed");
    expect(b.client.user).toBe(userB);
    a.disconnect();
    b.disconnect();
  });

  test("a viewer suspended just before a ticket change gets nothing and the stream ends", async () => {
    const it = insertTicket(t, { department: "IT" });
    const v = await viewer(["IT"]);
    t.sqlite.run("UPDATE tickets SET priority = 'high' WHERE id = ?", [it.id]);
    t.deps.events.tick();
    expect(v.sent.join("")).toContain(`"ticketId":${it.id}`);
    const before = v.sent.length;
    t.db.update(users).set({ status: "suspended" }).where(eq(users.id, v.user.id)).run();
    t.sqlite.run("UPDATE tickets SET description = 'After suspension' WHERE id = ?", [it.id]);
    t.deps.events.tick();
    expect(v.sent.length).toBe(before);
    expect(v.ended()).toBe(true);
    v.disconnect();
  });
});
