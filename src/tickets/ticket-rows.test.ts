import { afterAll, beforeAll, expect, test } from "bun:test";
import { desc, eq } from "drizzle-orm";
import { createTestApp, type TestApp } from "../testing/test-app";
import { tickets } from "../../db/schema";
import { submit } from "./tickets.fixtures";
import { toAdminTicket } from "./tickets.dto";
import { ticketDtos } from "./ticket-rows";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  const admin = await t.loginAs("admin");
  const put = (id: number, field: string, json: unknown) =>
    t.request(`/api/admin/tickets/${id}/${field}`, { method: "PUT", json, cookie: admin });
  // every kind of field: nulls and values, unicode, each timestamp set and unset
  const a = await submit(t, {
    location: null,
    firstName: "Zoë",
    description: 'Ünïcode "quotes" and a\nnew line, 🖨️ printer.',
  });
  const b = await submit(t, { priority: "urgent" });
  // A ticket whose company was deleted later keeps its name but no id: the reader must carry the null.
  t.sqlite.query("UPDATE tickets SET company_id = NULL WHERE id = ?").run(b.id);
  await submit(t, { date: "2026-11-20", time: "09:30" });
  expect((await put(a.id, "status", { status: "in_progress" })).status).toBe(200);
  expect((await put(b.id, "status", { status: "completed" })).status).toBe(200);
  expect((await put(b.id, "assign", { assignedTo: "1" })).status).toBe(200);
});
afterAll(() => t.close());

test("the fast page reader gives exactly the DTO toAdminTicket makes from Drizzle's rows", () => {
  const viaDrizzle = t.db
    .select()
    .from(tickets)
    .orderBy(desc(tickets.createdAt), desc(tickets.id))
    .all()
    .map(toAdminTicket);
  expect(viaDrizzle.length).toBe(3);
  expect(ticketDtos(t.db, undefined, 100)).toEqual(viaDrizzle);
  expect(JSON.stringify(ticketDtos(t.db, undefined, 100))).toBe(JSON.stringify(viaDrizzle)); // same keys, same order
  expect(ticketDtos(t.db, eq(tickets.status, "completed"), 100)).toEqual(
    viaDrizzle.filter((x) => x.status === "completed"),
  );
  expect(ticketDtos(t.db, undefined, 2)).toEqual(viaDrizzle.slice(0, 2));
  // inside a transaction it reads the same connection's snapshot
  t.db.transaction((tx) => expect(ticketDtos(tx, undefined, 100)).toEqual(viaDrizzle));
});

test("kept DTOs – any write, even one that leaves the version alone, shows on the next page", () => {
  const page = () => ticketDtos(t.db, undefined, 100);
  const first = page();
  expect(page()[0]).toBe(first[0]!); // the same object: read once, kept
  const id = first[0]!.id;
  // a tool's update that does not touch the version: the trigger bumps it, so the kept DTO is not used
  t.sqlite.query("UPDATE tickets SET description = 'Changed by a tool' WHERE id = ?").run(id);
  const after = page().find((x) => x.id === id)!;
  expect(after.description).toBe("Changed by a tool");
  expect(after.version).toBe(first[0]!.version + 1);
  expect(page()).toEqual(
    t.db.select().from(tickets).orderBy(desc(tickets.createdAt), desc(tickets.id)).all().map(toAdminTicket),
  );
});

test("kept DTOs – a row read in a transaction that rolls back never answers for what is committed later", () => {
  const page = () => ticketDtos(t.db, undefined, 100);
  const id = page()[1]!.id;
  try {
    t.db.transaction((tx) => {
      tx.update(tickets).set({ phone: "000-rolled-back" }).where(eq(tickets.id, id)).run();
      expect(ticketDtos(tx, undefined, 100).find((x) => x.id === id)!.phone).toBe("000-rolled-back");
      throw new Error("undo");
    });
  } catch {}
  // the committed write that takes the same version number holds other content
  t.sqlite.query("UPDATE tickets SET phone = '555-committed' WHERE id = ?").run(id);
  expect(page().find((x) => x.id === id)!.phone).toBe("555-committed");
});

test("kept DTOs – a deleted ticket's id taken by a new one shows the new ticket", async () => {
  const page = () => ticketDtos(t.db, undefined, 100);
  const last = page()[0]!;
  t.sqlite.query("DELETE FROM tickets WHERE id = ?").run(last.id);
  const { id } = await submit(t, { description: "A new ticket after a delete" });
  const now = page();
  expect(now.find((x) => x.id === id)!.description).toBe("A new ticket after a delete");
  expect(now.some((x) => x.ticketId === last.ticketId)).toBe(false);
});
