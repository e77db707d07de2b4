import { afterEach, expect, test } from "bun:test";
import { openDatabase } from "../../db/client";
import { createTestApp, type TestApp } from "../testing/test-app";
import { claimLease, releaseLease, whileLeased } from "./lease";

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

test("renewing a lease changes nothing in the database: the read cache keeps its answers", async () => {
  t = await createTestApp();
  const version = () =>
    (t.sqlite.query("PRAGMA data_version").get() as { data_version: number }).data_version;
  const changes = () => (t.sqlite.query("SELECT total_changes() AS n").get() as { n: number }).n;
  const before = [version(), changes()];
  const other = openDatabase(t.config.dbPath).db;
  let ran = 0;
  const job = whileLeased({ db: other, now: () => new Date(), job: "mail", owner: "a", renewMs: 5 }, () => {
    ran++;
    return { stop: () => {} };
  });
  await Bun.sleep(60);
  expect(job.held()).toBe(true);
  expect(claimLease(t.db, "mail", "b", new Date(), 60_000)).toBe(false); // renewed: still a's
  await job.stop();
  expect(claimLease(t.db, "mail", "b", new Date(), 60_000)).toBe(true); // given back on stop
  expect(ran).toBe(1);
  expect([version(), changes()]).toEqual(before);
});
