import { afterEach, beforeEach, expect, test } from "bun:test";
import { join } from "node:path";
import { createTestApp, type TestApp } from "../testing/test-app";
import { formatTicketId } from "../shared/format";
import { tickets } from "../../db/schema";
import { submit } from "./tickets.fixtures";

let t: TestApp;
beforeEach(async () => (t = await createTestApp()));
afterEach(() => t.close());

test("ticket id – zero-padded to at least three digits", () => {
  expect([formatTicketId(2026, 7), formatTicketId(2026, 1000)]).toEqual(["WI-2026-007", "WI-2026-1000"]);
});

test("ticket id – four processes on separate connections never collide and leave no gaps", async () => {
  const runs = Array.from({ length: 4 }, () =>
    Bun.spawn([process.execPath, join(import.meta.dir, "ticket-id.worker.ts"), t.dir, "25"], {
      env: { ...process.env, TZ: "UTC" },
      stdout: "pipe",
      stderr: "inherit",
    }),
  );
  const outputs = await Promise.all(
    runs.map(async (p) => JSON.parse(await new Response(p.stdout).text()) as string[]),
  );
  const ids = outputs.flat();
  const year = new Date().getFullYear();
  expect(new Set(ids).size).toBe(100);
  expect([...ids].sort()).toEqual(Array.from({ length: 100 }, (_, i) => formatTicketId(year, i + 1)));
}, 30_000); // four fresh processes start slowly on a busy machine

test("ticket id – a year's counter starts after ids already in the table", async () => {
  const { ticketId } = await submit(t);
  t.sqlite.exec("DELETE FROM ticket_counters");
  t.sqlite.exec(`UPDATE tickets SET ticket_id = '${ticketId.slice(0, 8)}041'`);
  expect((await submit(t)).ticketId).toBe(`${ticketId.slice(0, 8)}042`);
  expect(t.db.select().from(tickets).all()).toHaveLength(2);
});
