import { afterAll, expect, test } from "bun:test";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadConfig } from "../config";
import { parseLitestreamMetrics } from "./litestream-metrics";
import { replicationHealth, writeReplicationStatus } from "./replication-status";
import { copyNewUploads, listCopied } from "./uploads-copy";
import { parseReplicaRestore, replicatedPath } from "./restore-from-replica";

const temp = mkdtempSync(join(tmpdir(), "helpdesk-replication-"));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

const metrics = (replicaBytes: number) => `# HELP litestream_db_size The current size of the real DB
litestream_shadow_wal_index{db="/data/helpdesk.sqlite"} 2
litestream_shadow_wal_size{db="/data/helpdesk.sqlite"} 40000
litestream_total_wal_bytes{db="/data/helpdesk.sqlite"} 90000
litestream_replica_wal_bytes{db="/data/helpdesk.sqlite",name="disk2"} 90000
litestream_replica_wal_index{db="/data/helpdesk.sqlite",name="disk2"} 2
litestream_replica_wal_offset{db="/data/helpdesk.sqlite",name="disk2"} 40000
litestream_replica_wal_bytes{db="/data/helpdesk.sqlite",name="sftp"} ${replicaBytes}
litestream_replica_wal_index{db="/data/helpdesk.sqlite",name="sftp"} 2
litestream_replica_wal_offset{db="/data/helpdesk.sqlite",name="sftp"} 30000
litestream_shadow_wal_index{db="/other.sqlite"} 9
`;

test("litestream metrics – caught up only when the slowest replica has every byte read, shown at its position", () => {
  expect(parseLitestreamMetrics(metrics(90000), "/data/helpdesk.sqlite")).toEqual({
    read: "00000002:40000",
    replicated: "00000002:30000",
    caughtUp: true,
  });
  expect(parseLitestreamMetrics(metrics(80000), "/data/helpdesk.sqlite")?.caughtUp).toBe(false);
  expect(parseLitestreamMetrics(metrics(90000), "/missing.sqlite")).toBeNull();
});

test("replication health – a warning once either copy is more than five minutes behind, none while current", () => {
  const dataDir = join(temp, "health");
  const config = loadConfig({ DATA_DIR: dataDir, LITESTREAM: "true", UPLOADS_COPY_DIR: join(temp, "copy") });
  const t0 = new Date("2026-03-02T09:00:00Z");
  const later = (min: number) => new Date(t0.getTime() + min * 60_000);
  writeReplicationStatus(config, { since: t0.toISOString() });
  expect(replicationHealth(config, later(4)).warning).toBeNull(); // just started
  expect(replicationHealth(config, later(6)).warning).toContain("Database replication has not succeeded yet");
  writeReplicationStatus(config, { replicatedAt: later(6).toISOString(), position: "00000001:4096" });
  writeReplicationStatus(config, { uploadsCopiedAt: later(6).toISOString() });
  expect(replicationHealth(config, later(10))).toEqual({
    litestream: { enabled: true, replicatedAt: later(6).toISOString(), position: "00000001:4096" },
    uploadsCopy: { enabled: true, copiedAt: later(6).toISOString() },
    warning: null,
  });
  writeReplicationStatus(config, { uploadsError: "EACCES: permission denied" });
  expect(replicationHealth(config, later(12)).warning).toBe(
    `Database replication last succeeded at ${later(6).toISOString()}, over 5 minutes ago; ` +
      `The uploads copy last succeeded at ${later(6).toISOString()}, over 5 minutes ago: EACCES: permission denied`,
  );
  const off = loadConfig({ DATA_DIR: dataDir });
  expect(replicationHealth(off, later(60)).warning).toBeNull();
});

test("uploads copy – new files only, whole under their final names, uploads in progress skipped, nothing deleted", async () => {
  const from = join(temp, "uploads");
  const to = join(temp, "copy");
  mkdirSync(from, { recursive: true });
  writeFileSync(join(from, "a.pdf"), "first");
  writeFileSync(join(from, "b.png"), "second");
  writeFileSync(join(from, "c.part"), "still arriving");
  const copied = listCopied(to);
  expect(await copyNewUploads(from, to, copied)).toBe(2);
  expect(await copyNewUploads(from, to, copied)).toBe(0);
  rmSync(join(from, "a.pdf")); // its ticket was deleted
  writeFileSync(join(from, "d.txt"), "third");
  writeFileSync(join(to, "e.txt.copying"), "half"); // a copy cut short by a crash
  expect(await copyNewUploads(from, to, listCopied(to))).toBe(1);
  expect(readdirSync(to).sort()).toEqual(["a.pdf", "b.png", "d.txt", "e.txt.copying"]);
  expect(readFileSync(join(to, "a.pdf"), "utf8")).toBe("first");
  expect(existsSync(join(to, "c.part"))).toBe(false);
});

test("restore from replica – the command line and the replicated database of a Litestream config", () => {
  expect(
    parseReplicaRestore(["restore", "--from-replica", "ls.yml", "--at", "2026-03-02T09:30:00Z"]),
  ).toEqual({
    configPath: "ls.yml",
    at: new Date("2026-03-02T09:30:00Z"),
    filesDir: undefined,
  });
  expect(() => parseReplicaRestore(["restore", "--from-replica", "ls.yml", "--at", "yesterday-ish"])).toThrow(
    "is not a time",
  );
  process.env.HELPDESK_TEST_DATA = "/var/lib/helpdesk";
  const yml =
    "addr: 127.0.0.1:9090\ndbs:\n  - path: $HELPDESK_TEST_DATA/helpdesk.sqlite\n    replicas:\n      - path: /mnt/x\n";
  expect(replicatedPath(yml)).toBe("/var/lib/helpdesk/helpdesk.sqlite");
});
