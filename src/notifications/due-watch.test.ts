import { afterEach, beforeEach, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { notifications } from "../../db/schema";
import { createTestApp, type TestApp } from "../testing/test-app";
import { insertTicket } from "../tickets/admin-tickets.fixtures";
import { follow } from "./followers";
import { notifyDueChanges } from "./due-watch";

let t: TestApp;
beforeEach(async () => (t = await createTestApp()));
afterEach(() => t.close());

const at = (min: number) => new Date(Date.UTC(2026, 2, 2, 9, min));

test("due targets – followers hear once when a target comes close and once when it is missed", async () => {
  const ann = await t.createUser({ email: "ann@example.com", canViewAllTickets: true });
  const bob = await t.createUser({ email: "bob@example.com", canViewAllTickets: true });
  const ticket = insertTicket(t, { firstResponseSoonAt: at(10), firstResponseDueAt: at(20) });
  const answered = insertTicket(t, {
    firstResponseSoonAt: at(10),
    firstResponseDueAt: at(20),
    firstRespondedAt: at(5),
  });
  follow(t.db, ticket.id, ann.id, at(0));
  follow(t.db, answered.id, ann.id, at(0));
  const kinds = () =>
    t.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, ann.id))
      .all()
      .map((n) => [n.ticketId, n.kind]);
  notifyDueChanges(t.db, at(0), at(9));
  expect(kinds()).toEqual([]);
  notifyDueChanges(t.db, at(9), at(11));
  notifyDueChanges(t.db, at(11), at(19));
  expect(kinds()).toEqual([[ticket.id, "due_soon"]]);
  notifyDueChanges(t.db, at(19), at(21));
  expect(kinds()).toEqual([
    [ticket.id, "due_soon"],
    [ticket.id, "breached"],
  ]);
  // nobody who does not follow it is told
  expect(t.db.select().from(notifications).where(eq(notifications.userId, bob.id)).all()).toEqual([]);
});
