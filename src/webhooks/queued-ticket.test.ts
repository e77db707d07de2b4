import { afterEach, beforeEach, expect, test } from "bun:test";
import { createTestApp, type TestApp } from "../testing/test-app";
import { REFRESH_CREATED } from "./queued-ticket";

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

test("a submission's deliveries are found by its ticket, however many others wait for a receiver that is down", () => {
  const plan = t.sqlite
    .query<{ detail: string }, [number]>(`EXPLAIN QUERY PLAN ${REFRESH_CREATED}`)
    .all(1)
    .map((r) => r.detail);
  expect(plan[0]).toBe("SEARCH webhook_deliveries USING INDEX webhook_deliveries_fresh_idx (ticket_id=?)");
});
