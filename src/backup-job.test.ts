import { afterEach, expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createTestApp, type TestApp } from "./testing/test-app";
import { parseInterval, startBackupJob } from "./backup-job";
import { loadConfig } from "./config";
import { DEFAULT_STATUSES } from "./shared/constants";

let t: TestApp | undefined;
const dirs: string[] = [];
afterEach(() => {
  t?.close();
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

test("scheduled backups – BACKUP_INTERVAL accepts minutes, hours and days; 0 turns them off", () => {
  expect(parseInterval("30m")).toBe(30 * 60_000);
  expect(parseInterval("6h")).toBe(6 * 3_600_000);
  expect(parseInterval("1d")).toBe(86_400_000);
  expect(parseInterval("0")).toBe(0);
  expect(startBackupJob(loadConfig({ BACKUP_INTERVAL: "0" }))).toBeUndefined();
  expect(() => loadConfig({ BACKUP_INTERVAL: "6 hours" })).toThrow(/BACKUP_INTERVAL/);
});

test("scheduled backups – run while the server runs and keep only the newest BACKUP_KEEP", async () => {
  t = await createTestApp();
  const dest = mkdtempSync(join(tmpdir(), "helpdesk-sched-"));
  dirs.push(dest);
  const config = { ...t.config, backup: { interval: "1m", keep: 2, dir: dest } };
  const job = startBackupJob(config, { everyMs: 1100 })!;
  const seen = new Set<string>();
  const deadline = Date.now() + 20_000;
  while (seen.size < 3 && Date.now() < deadline) {
    await Bun.sleep(100);
    for (const n of readdirSync(dest)) if (!n.startsWith(".")) seen.add(n);
  }
  await job.stop();
  const kept = readdirSync(dest).sort();
  expect(seen.size).toBeGreaterThanOrEqual(3);
  expect(kept.length).toBe(2);
  expect(kept).not.toContain([...seen].sort()[0]); // the oldest went
  for (const name of kept) {
    const db = new Database(join(dest, name, "helpdesk.sqlite"), { readonly: true });
    expect((db.query("select count(*) n from ticket_statuses").get() as { n: number }).n).toBe(
      DEFAULT_STATUSES.length,
    );
    db.close();
  }
}, 30_000);
