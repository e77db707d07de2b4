// The restore drill against the real processes: the server under load with Litestream streaming to a folder
// and to SFTP (a real sshd on loopback), the uploads copy running; then the data folder is gone and
// `restore --from-replica` rebuilds it, at the latest position and at a time before a bulk delete.
import { afterAll, expect, test } from "bun:test";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ADMIN, client, launch, openDb, ROOT, ticketInput, type Server } from "../hardening/harness";
import { LOAD_ENV, pool } from "../hardening/load";
import { startSshd, type Sshd } from "../testing/sshd";
import { startLitestream } from "../testing/litestream";

const BUN = join(ROOT, "node_modules/.bin/bun");
const temp = mkdtempSync(join(tmpdir(), "helpdesk-drill-"));
const dataDir = join(temp, "data");
const copyDir = join(temp, "uploads-copy");
let sshd: Sshd | undefined;
let srv: Server | undefined;
let stream: Awaited<ReturnType<typeof startLitestream>> | undefined;
afterAll(async () => {
  await srv?.kill9().catch(() => {});
  await stream?.stop();
  await sshd?.stop();
  rmSync(temp, { recursive: true, force: true });
}, 20_000);

type Acked = { tickets: Map<string, number>; files: Map<string, string> };

/** Submits tickets at 16 in flight; every third gets a file, whose stored name and content are kept. */
async function submitWithFiles(url: string, count: number, acked: Acked) {
  const api = client(url);
  await pool([...Array(count).keys()], 16, async (i) => {
    const res = await api.req("/api/tickets", {
      json: ticketInput({ description: `Drill ticket ${i} under load.` }),
    });
    if (res.status !== 201) return;
    const t = (await res.json()) as { id: number; ticketId: string };
    acked.tickets.set(t.ticketId, t.id);
    if (i % 3) return;
    const form = new FormData();
    form.append("ticketId", String(t.id));
    form.append("files", new File([`file of ${t.ticketId}`], `${t.ticketId}.txt`, { type: "text/plain" }));
    if ((await api.req("/api/tickets/upload", { body: form })).status === 201)
      acked.files.set(t.ticketId, `file of ${t.ticketId}`);
  });
}

/** What an administrator sees in Settings: waits until both copies report a time after `after`. */
async function caughtUpAfter(url: string, cookie: string, after: number) {
  // generous: on a loaded machine Litestream has been seen to pause ten seconds between segments
  const deadline = Date.now() + 60_000;
  for (;;) {
    const h = (await (await client(url).req("/api/admin/mail/health", { cookie })).json()) as {
      replication: {
        litestream: { replicatedAt: string | null };
        uploadsCopy: { copiedAt: string | null };
        warning: string | null;
      };
    };
    const r = h.replication;
    const at = (iso: string | null) => (iso ? new Date(iso).getTime() : 0);
    if (at(r.litestream.replicatedAt) > after && at(r.uploadsCopy.copiedAt) > after) return r;
    if (Date.now() > deadline)
      throw new Error(
        `replication did not catch up: ${JSON.stringify(r)} ${await fetch(stream!.metricsUrl).then((m) => m.text())} ${stream!.log().slice(-3000)}`,
      );
    await Bun.sleep(200);
  }
}

function restore(target: string, config: string, at?: string) {
  const args = [BUN, "src/backup-cli.ts", "restore", "--from-replica", config, "--files", copyDir];
  const run = Bun.spawnSync(at ? [...args, "--at", at] : args, {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: target, NODE_ENV: "production" },
  });
  expect(run.stderr.toString()).toBe("");
  expect(run.exitCode).toBe(0);
  return run.stdout.toString();
}

function contents(dir: string) {
  const db = openDb(dir);
  const tickets = new Set(
    (db.query("SELECT ticket_id AS id FROM tickets").all() as { id: string }[]).map((r) => r.id),
  );
  const files = db
    .query(
      "SELECT t.ticket_id AS id, a.file_path AS path FROM file_attachments a JOIN tickets t ON t.id = a.ticket_id",
    )
    .all() as { id: string; path: string }[];
  db.close();
  const fileText = new Map(
    files.map((f) => [f.id, readFileSync(join(dir, "uploads", f.path.split("/").at(-1)!), "utf8")]),
  );
  return { tickets, fileText };
}

const generations = (replica: string) => readdirSync(join(replica, "generations")).length;

test("restore drill – every acknowledged ticket and file comes back from the replicas, and a point in time before a bulk delete brings the deleted tickets back", async () => {
  sshd = await startSshd();
  const fileReplica = join(temp, "replica-file");
  const sftpReplica = join(temp, "replica-sftp");
  stream = await startLitestream(join(dataDir, "helpdesk.sqlite"), [
    { name: "disk2", type: "file", path: fileReplica },
    {
      name: "sftp",
      type: "sftp",
      host: sshd.host,
      user: sshd.user,
      keyPath: sshd.keyPath,
      path: sftpReplica,
    },
  ]);
  const env = {
    ...LOAD_ENV,
    LITESTREAM: "true",
    LITESTREAM_METRICS_URL: stream.metricsUrl,
    UPLOADS_COPY_DIR: copyDir,
    REPLICATION_CHECK_SECONDS: "1",
  };
  srv = await launch({ dataDir, env });
  const acked: Acked = { tickets: new Map(), files: new Map() };
  await submitWithFiles(srv.url, 150, acked);
  // A clean restart under Litestream: quick, and the replica goes on in the same generation.
  const stopping = performance.now();
  await srv.stop(true);
  const stopMs = performance.now() - stopping;
  expect(stopMs).toBeLessThan(3_000);
  srv = await launch({ dataDir, env });
  await submitWithFiles(srv.url, 150, acked);
  const cookie = await client(srv.url).login(ADMIN.email, ADMIN.password);
  const lastAck = Date.now();
  const health = await caughtUpAfter(srv.url, cookie, lastAck + 1_500);
  const lagMs = Date.now() - lastAck;
  expect(health.warning).toBeNull();
  const healthz = await (await fetch(`${srv.url}/healthz`)).text();
  for (const secret of [copyDir, stream.metricsUrl, sshd.keyPath, "replicat"])
    expect(healthz).not.toContain(secret);
  const beforeDelete = new Date().toISOString();
  await Bun.sleep(1_500);
  const doomed = [...acked.tickets.entries()].filter(([id]) => acked.files.has(id)).slice(0, 20);
  const bulk = await client(srv.url).req("/api/admin/tickets/bulk", {
    cookie,
    json: { action: "delete", ids: doomed.map(([, id]) => id), password: ADMIN.password },
  });
  expect(bulk.status).toBe(200);
  await caughtUpAfter(srv.url, cookie, Date.now() + 1_500);

  // The box dies: the server, Litestream and the data folder are gone.
  await srv.kill9();
  await stream.kill9();
  rmSync(dataDir, { recursive: true, force: true });
  expect(generations(fileReplica)).toBe(1);
  expect(generations(sftpReplica)).toBe(1);

  const latest = restore(dataDir, stream.configFor("sftp"));
  expect(latest).toContain("integrity ok");
  const now = contents(dataDir);
  const gone = new Set(doomed.map(([id]) => id));
  expect([...acked.tickets.keys()].filter((id) => !gone.has(id) && !now.tickets.has(id))).toEqual([]);
  expect([...gone].filter((id) => now.tickets.has(id))).toEqual([]);
  for (const [id, text] of acked.files) if (!gone.has(id)) expect(now.fileText.get(id)).toBe(text);

  const earlier = join(temp, "earlier");
  restore(earlier, stream.configFor("disk2"), beforeDelete);
  const then = contents(earlier);
  expect([...acked.tickets.keys()].filter((id) => !then.tickets.has(id))).toEqual([]);
  for (const [id, text] of acked.files) expect(then.fileText.get(id)).toBe(text);
  expect(existsSync(join(dataDir, "limits.sqlite"))).toBe(false);
  console.log(
    `drill: ${acked.tickets.size} tickets, ${acked.files.size} files acknowledged; clean stop ${Math.round(stopMs)} ms; both copies caught up ${lagMs} ms after the last answer; ${gone.size} deleted tickets back at ${beforeDelete}`,
  );
}, 180_000);
