import { afterEach, expect, test } from "bun:test";
import { mkdirSync, mkdtempSync, rmSync, utimesSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadConfig } from "./config";
import { backupHealth, markScheduled, writeStatus } from "./backup-status";
import { createTestApp, type TestApp } from "./testing/test-app";

const DAY = 86_400_000;
const dirs: string[] = [];
let t: TestApp | undefined;
afterEach(() => {
  t?.close();
  t = undefined;
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});
const temp = () => {
  const d = mkdtempSync(join(tmpdir(), "helpdesk-bstatus-"));
  dirs.push(d);
  return d;
};
function backupAt(dir: string, name: string, at: Date) {
  mkdirSync(join(dir, "backups", name), { recursive: true });
  utimesSync(join(dir, "backups", name), at, at);
}

test("backup health – warns when the newest backup is older than two intervals or the last one failed", () => {
  const dataDir = temp();
  const config = loadConfig({ DATA_DIR: dataDir });
  expect(config.backup.interval).toBe("1d");
  const now = new Date("2026-03-10T12:00:00Z");
  markScheduled(config, new Date(now.getTime() - DAY));
  expect(backupHealth(config, now).warning).toBeNull(); // a fresh install, still within two days
  expect(backupHealth(config, new Date(now.getTime() + 2 * DAY)).warning).toBe("No backup was written yet");
  backupAt(dataDir, "helpdesk-20260307-120000", new Date(now.getTime() - 3 * DAY));
  expect(backupHealth(config, now).warning).toContain("older than two intervals");
  backupAt(dataDir, "helpdesk-20260310-020000", new Date(now.getTime() - 10 * 3_600_000));
  expect(backupHealth(config, now)).toEqual({
    lastAt: new Date(now.getTime() - 10 * 3_600_000).toISOString(),
    warning: null,
  });
  writeStatus(config, { failedAt: now.toISOString(), error: "No space left on device" });
  expect(backupHealth(config, now).warning).toBe("The last backup failed: No space left on device");
  expect(backupHealth(loadConfig({ DATA_DIR: dataDir, BACKUP_INTERVAL: "0" }), now).warning).toContain("off");
});

test("backup health – shown to administrators with the mail health", async () => {
  t = await createTestApp({ env: { BACKUP_INTERVAL: "1d" } });
  writeStatus(t.config, { failedAt: new Date().toISOString(), error: "disk full" });
  const admin = await t.loginAs("admin");
  const health = await (await t.request("/api/admin/mail/health", { cookie: admin })).json();
  expect(health.backup).toEqual({ lastAt: null, warning: "The last backup failed: disk full" });
});
