import { afterAll, expect, test } from "bun:test";
import { createTestApp } from "../testing/test-app";
import { submit } from "../tickets/tickets.fixtures";
import { changesAfter } from "./change-log";

const t = await createTestApp();
afterAll(() => t.close());

test("change log – a write that changes no reported field lists no fields, not an empty name", async () => {
  const { id } = await submit(t);
  const last = () => changesAfter(t.sqlite, 0, 1_000).at(-1)!;
  t.sqlite.query("UPDATE tickets SET status = status WHERE id = ?").run(id);
  expect(last()).toMatchObject({ ticketId: id, kind: "changed", fields: [] });
  t.sqlite.query("UPDATE tickets SET status = 'in_progress' WHERE id = ?").run(id);
  expect(last().fields).toEqual(["status"]);
});
