import { afterAll, describe, expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync, existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { BUN, ROOT, signInCookie, startServerAt } from "../bench/server";

const dirs: string[] = [];
const tempDir = (tag: string) => {
  const d = mkdtempSync(join(tmpdir(), `helpdesk-${tag}-`));
  dirs.push(d);
  return d;
};
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

type Acked = { ticketId: string; id: number; file: string; content: string };

const ticketBody = (n: number) => ({
  firstName: "Load",
  lastName: `Tester ${n}`,
  email: `load${n}@example.com`,
  phone: "555-010-1234",
  companyId: 1,
  companyName: "Main Office",
  department: "IT",
  ticketType: "IT",
  priority: "medium",
  description: `Backup under load, submission number ${n}`,
});

/** One visitor: submits a ticket and uploads its attachment, as the portal does; the ack is the upload's 2xx. */
async function submitOne(url: string, n: number): Promise<Acked> {
  const headers = { Origin: url, "X-Forwarded-For": `10.0.${n % 250}.${n % 200}` };
  const res = await fetch(`${url}/api/tickets`, {
    method: "POST",
    headers: { ...headers, "Content-Type": "application/json" },
    body: JSON.stringify(ticketBody(n)),
  });
  if (res.status >= 300) throw new Error(`submit ${res.status} ${await res.text()}`);
  const { id, ticketId, privateLink } = (await res.json()) as {
    id: number;
    ticketId: string;
    privateLink: string;
  };
  const content = `attachment of submission ${n} ${crypto.randomUUID()}\n`;
  const form = new FormData();
  form.append("files", new File([content], `note-${n}.txt`, { type: "text/plain" }));
  // through the submitter's private link, which works in either tracking mode
  const up = await fetch(`${url}/api${privateLink}/attachments`, { method: "POST", headers, body: form });
  if (up.status >= 300) throw new Error(`upload ${up.status} ${await up.text()}`);
  return { ticketId, id, file: `note-${n}.txt`, content };
}

const runCli = async (args: string[], env: Record<string, string>) => {
  const p = Bun.spawn([BUN, "src/backup-cli.ts", ...args], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdout: "pipe",
    stderr: "pipe",
  });
  const [code, out, err] = [
    await p.exited,
    await new Response(p.stdout).text(),
    await new Response(p.stderr).text(),
  ];
  if (code !== 0) throw new Error(`backup-cli ${args.join(" ")} exited ${code}: ${err}`);
  return out;
};

describe("backup and restore", () => {
  test("backup – taken while visitors submit, restores every acknowledged ticket and its attachment", async () => {
    const dataDir = tempDir("live");
    const server = await startServerAt(dataDir, {
      env: { RATE_LIMIT_PUBLIC_WRITES: "100000", RATE_LIMIT_PUBLIC_SEARCH: "100000" },
    });
    const acked: { at: number; t: Acked }[] = [];
    let stop = false;
    let n = 0;
    const errors: string[] = [];
    const visitor = async () => {
      while (!stop) {
        try {
          const t = await submitOne(server.url, n++);
          acked.push({ at: performance.now(), t });
        } catch (e) {
          errors.push(String(e));
          await Bun.sleep(5);
        }
      }
    };
    const load = Array.from({ length: 8 }, visitor);
    while (acked.length < 50 && errors.length === 0) await Bun.sleep(20);
    const began = performance.now();
    const before = acked.filter((a) => a.at <= began).map((a) => a.t);
    const out = await runCli([join(tempDir("dest"), "nested")], { DATA_DIR: dataDir });
    const ended = performance.now();
    await Bun.sleep(100);
    stop = true;
    await Promise.all(load);
    await server.stop();
    expect(errors).toEqual([]);
    // under load: submissions were acknowledged while the backup ran
    expect(acked.some((a) => a.at > began && a.at < ended)).toBe(true);

    const backupDir = /Backup written to (\S+)/.exec(out)![1]!;
    const restored = tempDir("restored");
    await runCli(["restore", backupDir], { DATA_DIR: restored });
    const again = await startServerAt(restored);
    try {
      const cookie = await signInCookie(again.url); // the restored users and sessions table work
      const db = new Database(join(restored, "helpdesk.sqlite"), { readonly: true });
      const ids = new Set(
        (db.query("select ticket_id from tickets").all() as { ticket_id: string }[]).map((r) => r.ticket_id),
      );
      for (const t of before) expect(ids.has(t.ticketId)).toBe(true);
      const files = db.query("select id, file_name, original_name from file_attachments where ticket_id = ?");
      for (const t of before) {
        const rows = files.all(t.id) as { id: number; file_name: string; original_name: string }[];
        expect(rows.map((r) => r.original_name)).toEqual([t.file]);
        const res = await fetch(`${again.url}/api/admin/attachments/${rows[0]!.id}/download`, {
          headers: { Cookie: cookie },
        });
        expect(res.status).toBe(200);
        expect(await res.text()).toBe(t.content);
      }
      db.close();
    } finally {
      await again.stop();
    }
  }, 120_000);

  test("restore – the replaced data is kept aside and a damaged backup replaces nothing", async () => {
    const dataDir = tempDir("data");
    const server = await startServerAt(dataDir);
    await server.stop();
    const dest = tempDir("dest");
    await runCli([dest], { DATA_DIR: dataDir });
    const [name] = readdirSync(dest);
    writeFileSync(join(dataDir, "uploads", "later.txt"), "written after the backup");
    const out = await runCli(["restore", join(dest, name!)], { DATA_DIR: dataDir });
    const aside = /previous data is in (\S+)/.exec(out)![1]!;
    expect(readFileSync(join(aside, "uploads", "later.txt"), "utf8")).toBe("written after the backup");
    expect(existsSync(join(dataDir, "uploads", "later.txt"))).toBe(false);

    const broken = tempDir("broken");
    writeFileSync(join(broken, "helpdesk.sqlite"), "not a database at all, just text ".repeat(200));
    await expect(runCli(["restore", broken], { DATA_DIR: dataDir })).rejects.toThrow(/exited 1/);
    expect(existsSync(join(dataDir, "helpdesk.sqlite"))).toBe(true);
  }, 60_000);
});
