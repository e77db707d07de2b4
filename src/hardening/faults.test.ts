// Clean 503s, nothing acknowledged lost, recovery without restart.
import { afterAll, describe, expect, test } from "bun:test";
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { client, integrityOk, launch, openDb, ROOT, ticketInput, type Server } from "./harness";
import { pool } from "./load";

const LOAD_ENV = {
  RATE_LIMIT_PUBLIC_WRITES: "1000000",
  RATE_LIMIT_PUBLIC_SEARCH: "1000000",
  SQLITE_SYNCHRONOUS: "FULL",
};
const started: Server[] = [];
const cleanups: (() => void)[] = [];
afterAll(async () => {
  for (const s of started) await s.stop();
  for (const c of cleanups) c();
}, 30_000);

const storedIds = (dataDir: string) => {
  const db = openDb(dataDir);
  const ids = new Set(
    (db.query("SELECT ticket_id AS id FROM tickets").all() as { id: string }[]).map((r) => r.id),
  );
  db.close();
  return ids;
};

/** A tiny tmpfs as DATA_DIR, so the disk fills (root only); null when mounting is refused. */
function smallDisk(): string | null {
  const dir = mkdtempSync(join(tmpdir(), "helpdesk-full-"));
  const r = Bun.spawnSync(["mount", "-t", "tmpfs", "-o", "size=4m", "tmpfs", dir]);
  if (r.exitCode !== 0) {
    rmSync(dir, { recursive: true, force: true });
    return null;
  }
  cleanups.push(() => {
    Bun.spawnSync(["umount", "-l", dir]);
    rmSync(dir, { recursive: true, force: true });
  });
  return dir;
}

describe("full disk", () => {
  const disk = smallDisk();
  test.skipIf(!disk)(
    "a full disk answers 503 with a message, keeps every acknowledged ticket and recovers without a restart",
    async () => {
      const srv = await launch({ dataDir: disk!, env: LOAD_ENV });
      try {
        await fillAndRecover(srv);
      } finally {
        await srv.stop(true); // the mount point itself is removed after unmounting
      }
    },
    90_000,
  );
});

async function fillAndRecover(srv: Server) {
  const disk = srv.dataDir;
  // Fill the disk with a ballast file, leaving only a little room for the database to grow.
  const ballast = join(disk, "ballast");
  const free = () =>
    Number(Bun.spawnSync(["df", "-B1", "--output=avail", disk]).stdout.toString().split("\n")[1]);
  writeFileSync(ballast, Buffer.alloc(Math.max(0, free() - 700 * 1024)));
  const api = client(srv.url);
  const acked: string[] = [];
  const statuses: Record<number, number> = {};
  const messages = new Set<string>();
  const t0 = Date.now();
  await pool([...Array(3000).keys()], 8, async (i) => {
    if (Date.now() - t0 > 45_000 || (statuses[503] ?? 0) > 300) return;
    const res = await api.req("/api/tickets", {
      json: ticketInput({ description: `Disk full test ${i} `.padEnd(2000, "x") }),
    });
    statuses[res.status] = (statuses[res.status] ?? 0) + 1;
    if (res.status === 201) acked.push(((await res.json()) as { ticketId: string }).ticketId);
    else messages.add(((await res.json()) as { message: string }).message);
  });
  console.log(`full disk: ${JSON.stringify(statuses)}; messages ${JSON.stringify([...messages])}`);
  expect(statuses[503]).toBeGreaterThan(0);
  expect(Object.keys(statuses).filter((s) => s !== "201" && s !== "503")).toEqual([]);
  // An upload onto the full disk: a clean 503 or a success, never a 500 or a half-written file left behind.
  const before = new Set(readdirSync(join(disk, "uploads")));
  const form = new FormData();
  form.append("ticketId", "1");
  form.append("files", new File(["u".repeat(2 * 1024 * 1024)], "big.txt"));
  const up = await api.req("/api/tickets/upload", { body: form });
  console.log(`upload on a full disk: ${up.status}`);
  expect([201, 503]).toContain(up.status);
  if (up.status === 503) expect(readdirSync(join(disk, "uploads")).filter((f) => !before.has(f))).toEqual([]);
  // Free the space: the same server takes submissions again.
  rmSync(ballast);
  const after = await api.req("/api/tickets", { json: ticketInput() });
  expect(after.status).toBe(201);
  const stored = storedIds(disk);
  const missing = acked.filter((id) => !stored.has(id));
  console.log(`full disk recovered: ${acked.length} acknowledged while filling, ${missing.length} missing`);
  expect(missing).toEqual([]);
  expect(integrityOk(disk)).toBe("ok");
  expect((await fetch(`${srv.url}/healthz`)).status).toBe(200);
}

describe("backup under load", () => {
  test("a backup taken during writes holds every ticket acknowledged before it and restores to a working server", async () => {
    const srv = await launch({ env: LOAD_ENV });
    const api = client(srv.url);
    const before: string[] = [];
    await pool([...Array(300).keys()], 16, async () => {
      const res = await api.req("/api/tickets", { json: ticketInput() });
      if (res.status === 201) before.push(((await res.json()) as { ticketId: string }).ticketId);
    });
    let stop = false;
    const during = pool([...Array(20_000).keys()], 16, async (i) => {
      if (stop) return;
      if (i % 4 === 0) {
        // uploads continue while the snapshot is taken
        const form = new FormData();
        form.append("ticketId", String(1 + (i % 50)));
        form.append("files", new File([`upload ${i} `.repeat(2000)], `f${i}.txt`));
        await api.req("/api/tickets/upload", { body: form }).catch(() => null);
      } else await api.req("/api/tickets", { json: ticketInput() }).catch(() => null);
    });
    await Bun.sleep(200);
    const dest = mkdtempSync(join(tmpdir(), "helpdesk-bk-"));
    cleanups.push(() => rmSync(dest, { recursive: true, force: true }));
    // The naive copy, for the record: a live WAL database copied file by file may be stale.
    const naive = join(dest, "naive");
    mkdirSync(naive);
    copyFileSync(join(srv.dataDir, "helpdesk.sqlite"), join(naive, "helpdesk.sqlite"));
    const backup = Bun.spawnSync([join(ROOT, "node_modules/.bin/bun"), "src/backup-cli.ts", "backup", dest], {
      cwd: ROOT,
      env: { ...process.env, DATA_DIR: srv.dataDir },
    });
    stop = true;
    await during;
    expect(backup.exitCode).toBe(0);
    const snapshot = join(dest, readdirSync(dest).find((n) => n.startsWith("helpdesk-"))!);
    expect(integrityOk(snapshot)).toBe("ok");
    const inSnapshot = storedIds(snapshot);
    const inNaive = (() => {
      try {
        return storedIds(naive).size;
      } catch {
        return -1;
      }
    })();
    console.log(
      `backup under load: ${before.length} acked before the backup; snapshot holds ${inSnapshot.size}; naive cp of the main file holds ${inNaive}`,
    );
    expect(before.filter((id) => !inSnapshot.has(id))).toEqual([]);
    // every attachment row in the snapshot has its file in the snapshot's uploads/.
    const sdb = openDb(snapshot);
    const rows = (sdb.query("SELECT file_path AS p FROM file_attachments").all() as { p: string }[]).map(
      (r) => r.p,
    );
    sdb.close();
    const files = new Set(readdirSync(join(snapshot, "uploads")));
    console.log(`backup snapshot: has ${rows.length} attachment rows and ${files.size} files`);
    expect(rows.filter((p) => !files.has(p))).toEqual([]);
    await srv.stop();
    // Restore: a fresh server on the snapshot's folder serves the tickets.
    const restored = await launch({ dataDir: snapshot, env: LOAD_ENV });
    started.push(restored);
    const res = await client(restored.url).req("/api/tickets/search", {
      json: { type: "ticketId", query: before[0] },
    });
    expect(((await res.json()) as { tickets: unknown[] }).tickets).toHaveLength(1);
  }, 90_000);
});
