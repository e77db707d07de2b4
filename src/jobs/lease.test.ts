import { afterEach, expect, test } from "bun:test";
import { openDatabase } from "../../db/client";
import { createTestApp, type TestApp } from "../testing/test-app";
import { claimLease, releaseLease } from "./lease";

let t: TestApp;
afterEach(() => t?.close());

test("one holder at a time, across connections; an expired or released lease passes on", async () => {
  t = await createTestApp();
  const other = openDatabase(t.config.dbPath).db; // a second process's connection
  const at = (ms: number) => new Date(1_000_000 + ms);
  expect(claimLease(t.db, "inbound", "a", at(0), 60_000)).toBe(true);
  expect(claimLease(other, "inbound", "b", at(1_000), 60_000)).toBe(false);
  expect(claimLease(t.db, "inbound", "a", at(30_000), 60_000)).toBe(true); // renewal
  expect(claimLease(other, "inbound", "b", at(80_000), 60_000)).toBe(false); // renewed until 90 s
  expect(claimLease(other, "inbound", "b", at(90_001), 60_000)).toBe(true); // a died: b takes over
  expect(claimLease(t.db, "inbound", "a", at(90_002), 60_000)).toBe(false);
  expect(claimLease(t.db, "backup", "a", at(90_002), 60_000)).toBe(true); // jobs are independent
  releaseLease(other, "inbound", "b");
  expect(claimLease(t.db, "inbound", "a", at(90_003), 60_000)).toBe(true);
  releaseLease(other, "inbound", "b"); // not b's any more: a keeps it
  expect(claimLease(other, "inbound", "b", at(90_004), 60_000)).toBe(false);
});
