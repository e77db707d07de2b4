import { Database } from "bun:sqlite";
import { afterAll, beforeAll, expect, test } from "bun:test";
import { desc, eq } from "drizzle-orm";
import { createTestApp, type TestApp } from "../testing/test-app";
import { tickets } from "../../db/schema";
import { submit } from "./tickets.fixtures";
import { toAdminTicket } from "./tickets.dto";
import { ticketDtos, ticketsJson, type ListJson } from "./ticket-rows";
import { pageJson } from "./tickets.queries";

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
  expect(ticketDtos(t.deps.reads.ctx, undefined, 100)).toEqual(viaDrizzle);
  expect(JSON.stringify(ticketDtos(t.deps.reads.ctx, undefined, 100))).toBe(JSON.stringify(viaDrizzle)); // same keys, same order
  expect(ticketDtos(t.deps.reads.ctx, eq(tickets.status, "completed"), 100)).toEqual(
    viaDrizzle.filter((x) => x.status === "completed"),
  );
  expect(ticketDtos(t.deps.reads.ctx, undefined, 2)).toEqual(viaDrizzle.slice(0, 2));
  // inside a transaction it reads the same connection's snapshot
  t.db.transaction((tx) =>
    expect(ticketDtos({ db: tx, cache: t.deps.reads.cache }, undefined, 100)).toEqual(viaDrizzle),
  );
});

test("kept DTOs – any write, even one that leaves the version alone, shows on the next page", () => {
  const page = () => ticketDtos(t.deps.reads.ctx, undefined, 100);
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

test("kept DTOs – a write by another connection (another server process) shows on the next page", () => {
  const page = () => ticketDtos(t.deps.reads.ctx, undefined, 100);
  const first = page();
  expect(page()[0]).toBe(first[0]!); // nothing written: the kept object, its version not even read again
  const other = new Database(t.config.dbPath);
  try {
    other.query("UPDATE tickets SET phone = '555-other-process' WHERE id = ?").run(first[1]!.id);
    const after = page();
    expect(after[1]!.phone).toBe("555-other-process");
    expect(after[0]).toBe(first[0]!); // an unchanged ticket keeps its object once its version is checked
    // a change that restores the old content still takes a new version: the next page has the new object
    other.query("UPDATE tickets SET phone = ? WHERE id = ?").run(first[1]!.phone, first[1]!.id);
    expect(page()[1]).toEqual({ ...first[1]!, version: first[1]!.version + 2 });
  } finally {
    other.close();
  }
});

test("kept page – its ids are read again after a ticket is added or removed, here or by another connection", async () => {
  const ids = () => ticketDtos(t.deps.reads.ctx, undefined, 100).map((x) => x.id);
  const before = ids();
  const { id } = await submit(t, { description: "Added after the page was kept" });
  expect(ids()).toEqual([id, ...before]);
  const other = new Database(t.config.dbPath);
  try {
    other.query("DELETE FROM tickets WHERE id = ?").run(id);
    expect(ids()).toEqual(before);
  } finally {
    other.close();
  }
});

test("kept DTOs – a read made once (the export) neither takes nor keeps them", () => {
  const kept = ticketDtos(t.deps.reads.ctx, undefined, 100);
  const once = ticketDtos(t.deps.reads.ctx, undefined, 100, "newest", "none");
  expect(once).toEqual(kept);
  expect(once[0]).not.toBe(kept[0]!);
  expect(ticketDtos(t.deps.reads.ctx, undefined, 100)[0]).toBe(kept[0]!); // what was kept stays kept
});

test("kept DTOs – a row read in a transaction that rolls back never answers for what is committed later", () => {
  const page = () => ticketDtos(t.deps.reads.ctx, undefined, 100);
  const id = page()[1]!.id;
  try {
    t.db.transaction((tx) => {
      tx.update(tickets).set({ phone: "000-rolled-back" }).where(eq(tickets.id, id)).run();
      expect(
        ticketDtos({ db: tx, cache: t.deps.reads.cache }, undefined, 100).find((x) => x.id === id)!.phone,
      ).toBe("000-rolled-back");
      throw new Error("undo");
    });
  } catch {}
  // the committed write that takes the same version number holds other content
  t.sqlite.query("UPDATE tickets SET phone = '555-committed' WHERE id = ?").run(id);
  expect(page().find((x) => x.id === id)!.phone).toBe("555-committed");
});

test("kept DTOs – a deleted ticket's id taken by a new one shows the new ticket", async () => {
  const page = () => ticketDtos(t.deps.reads.ctx, undefined, 100);
  const last = page()[0]!;
  t.sqlite.query("DELETE FROM tickets WHERE id = ?").run(last.id);
  const { id } = await submit(t, { description: "A new ticket after a delete" });
  const now = page();
  expect(now.find((x) => x.id === id)!.description).toBe("A new ticket after a delete");
  expect(now.some((x) => x.ticketId === last.ticketId)).toBe(false);
});

test("page JSON – the kept bytes give exactly what JSON.stringify gives, and a changed ticket its new text", () => {
  const page = () => ticketDtos(t.deps.reads.ctx, undefined, 100);
  const text = (json: ListJson) => new TextDecoder().decode(json.plain);
  const first = page();
  expect(text(ticketsJson(t.deps.reads.cache, first))).toBe(JSON.stringify(first));
  expect(text(ticketsJson(t.deps.reads.cache, page()))).toBe(JSON.stringify(first)); // kept objects, kept bytes
  // the same objects again: the bytes already sent; another head, or another list, gets its own
  expect(ticketsJson(t.deps.reads.cache, page())).toBe(ticketsJson(t.deps.reads.cache, first));
  expect(ticketsJson(t.deps.reads.cache, first, "{", "}")).not.toBe(ticketsJson(t.deps.reads.cache, first));
  expect(text(ticketsJson(t.deps.reads.cache, first.slice(1)))).toBe(JSON.stringify(first.slice(1)));
  expect(text(ticketsJson(t.deps.reads.cache, []))).toBe("[]");
  expect(text(ticketsJson(t.deps.reads.cache, first.slice(0, 1), "{", "}"))).toBe(
    `{${JSON.stringify(first.slice(0, 1))}}`,
  );
  const id = first[0]!.id;
  t.sqlite.query("UPDATE tickets SET location = 'Moved \"upstairs\" ✓' WHERE id = ?").run(id);
  const changed = page();
  expect(text(ticketsJson(t.deps.reads.cache, changed))).toBe(JSON.stringify(changed));
  expect(JSON.parse(text(ticketsJson(t.deps.reads.cache, changed)))[0].location).toBe('Moved "upstairs" ✓');
  for (const p of [
    { tickets: changed, nextCursor: "abc", total: 10000, totalIsExact: false },
    { tickets: [], nextCursor: null, total: 0, totalIsExact: true },
  ])
    expect(text(pageJson(t.deps.reads.cache, p))).toBe(JSON.stringify(p));
  // its gzip, made once and kept with it
  const json = ticketsJson(t.deps.reads.cache, changed);
  const gzipped = json.gzipped();
  expect(new TextDecoder().decode(Bun.gunzipSync(gzipped))).toBe(JSON.stringify(changed));
  expect(ticketsJson(t.deps.reads.cache, page()).gzipped()).toBe(gzipped);
});
