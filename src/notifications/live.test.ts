// A bell entry is pushed on its owner's streams only, and only while the ticket is in their scope.
import { afterEach, beforeEach, expect, test } from "bun:test";
import { agentPreferences, notifications } from "../../db/schema";
import { toUserDto } from "../users/users.dto";
import { insertTicket } from "../tickets/admin-tickets.fixtures";
import { createTestApp, type TestApp } from "../testing/test-app";
import type { LiveClient } from "../events/hub";

const NOW = new Date("2026-03-02T10:00:00Z");
let t: TestApp;
beforeEach(async () => {
  t = await createTestApp({ now: () => NOW });
});
afterEach(() => t.close());

async function viewer(allowedDepartments: string[]) {
  const email = `viewer-${crypto.randomUUID().slice(0, 8)}@example.com`;
  const user = await t.createUser({ email, allowedDepartments });
  await t.login(email, "password123");
  const { sid } = t.sqlite.query("SELECT sid FROM sessions WHERE user_id = ?").get(user.id) as {
    sid: string;
  };
  const sent: string[] = [];
  const client: LiveClient = { sid, user: toUserDto(user), write: (text) => sent.push(text), end: () => {} };
  t.deps.events.connect(client);
  return { user, notices: () => sent.filter((s) => s.startsWith("event: notification")) };
}

const entry = (userId: number, ticketId: number, inApp = true) =>
  t.db.insert(notifications).values({ userId, ticketId, kind: "mentioned", inApp, createdAt: NOW }).run();

test("live bell – an entry reaches its owner's stream, not a colleague's, nor an out-of-scope one", async () => {
  const it = insertTicket(t, { department: "IT" });
  const finance = insertTicket(t, { department: "Finance" });
  const ann = await viewer(["IT"]);
  const bob = await viewer(["IT"]);
  entry(ann.user.id, it.id);
  entry(ann.user.id, finance.id); // written for Ann, yet no longer hers to see
  entry(ann.user.id, it.id, false); // e-mail only
  t.deps.events.tick();
  expect(ann.notices()).toHaveLength(1);
  expect(ann.notices()[0]).toContain(`"ticketRef":"${it.ticketId}"`);
  expect(bob.notices()).toHaveLength(0);
});

test("live bell – a new ticket reaches the streams of agents who asked for it and may see it", async () => {
  const ann = await viewer(["IT"]);
  const bob = await viewer(["IT"]);
  const cid = await viewer(["Finance"]);
  const listen = (userId: number) =>
    t.db
      .insert(agentPreferences)
      .values({ userId, notify: { newTicket: { app: true, email: false } }, newTicketsFrom: NOW })
      .run();
  listen(ann.user.id);
  listen(cid.user.id);
  t.deps.events.tick();
  const it = insertTicket(t, { department: "IT", createdAt: NOW });
  t.deps.events.tick();
  expect(ann.notices()).toHaveLength(1);
  expect(ann.notices()[0]).toContain(`"id":-${it.id}`);
  expect(bob.notices()).toHaveLength(0); // did not ask
  expect(cid.notices()).toHaveLength(0); // may not see it
});
