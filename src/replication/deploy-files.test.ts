import { afterAll, expect, test } from "bun:test";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { loadConfig } from "../config";
import { LITESTREAM_BIN } from "../testing/litestream";

const root = resolve(import.meta.dir, "../..");
const read = (path: string) => readFileSync(join(root, path), "utf8");
const temp = mkdtempSync(join(tmpdir(), "helpdesk-litestream-deploy-"));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

test("litestream deploy files – pinned to the Litestream version the drill runs", () => {
  const version = Bun.spawnSync([LITESTREAM_BIN, "version"]).stdout.toString().trim();
  expect(version).toBe("v0.3.13");
  expect(read("deploy/litestream.yml")).toContain(`Litestream ${version}`);
  expect(read("deploy/litestream.service")).toContain(`Litestream ${version}`);
});

test("litestream.yml – Litestream reads it: the service's database, metrics where the app looks by default", () => {
  const run = Bun.spawnSync([LITESTREAM_BIN, "databases", "-config", join(root, "deploy/litestream.yml")]);
  expect(run.exitCode).toBe(0);
  expect(run.stdout.toString()).toMatch(/\/var\/lib\/helpdesk\/helpdesk\.sqlite\s+disk2/);
  const addr = /^addr: (\S+)$/m.exec(read("deploy/litestream.yml"))?.[1];
  expect(loadConfig({}).replication.metricsUrl).toBe(`http://${addr}/metrics`);
});

test("litestream.service – the helpdesk user, before the app, writes only the data folder's top level", () => {
  const unit = read("deploy/litestream.service").split("\n");
  for (const line of [
    "User=helpdesk",
    "Before=helpdesk.service",
    "ProtectSystem=strict",
    "NoNewPrivileges=true",
    "ReadWritePaths=/var/lib/helpdesk",
    "ReadOnlyPaths=-/var/lib/helpdesk/uploads -/var/lib/helpdesk/backups",
    "ExecStart=/usr/local/bin/litestream replicate -config /etc/helpdesk/litestream.yml",
  ])
    expect(unit).toContain(line);
  const which = Bun.which("systemd-analyze");
  if (!which) return console.log("skipped: systemd-analyze is not installed (Debian package systemd)");
  const copy = join(temp, "litestream.service");
  writeFileSync(copy, read("deploy/litestream.service").replace("/usr/local/bin/litestream", "/bin/true"));
  const verify = Bun.spawnSync([which, "verify", copy], { stdout: "pipe", stderr: "pipe" });
  expect(verify.stderr.toString() + verify.stdout.toString()).toBe("");
  expect(verify.exitCode).toBe(0);
});
