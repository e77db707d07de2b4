import { afterAll, beforeAll, expect, test } from "bun:test";
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { tmpdir, totalmem } from "node:os";
import { join } from "node:path";
import { BUN, ROOT, freePort, signInCookie, startServerAt, type RunningServer } from "../bench/server";
import { ticketInput } from "./hardening/harness";

// The executable is built once into an empty folder and run from another, with no repository around it.
const dir = mkdtempSync(join(tmpdir(), "helpdesk-binary-"));
const exe = join(dir, "helpdesk");
const elsewhere = mkdtempSync(join(tmpdir(), "helpdesk-cwd-"));
let server: RunningServer;

beforeAll(async () => {
  const build = Bun.spawnSync([BUN, "src/build-binary.ts", exe], {
    cwd: ROOT,
    stdout: "pipe",
    stderr: "pipe",
  });
  if (build.exitCode !== 0) throw new Error(build.stderr.toString());
  server = await startServerAt("", { command: [exe], cwd: elsewhere });
}, 120_000);

afterAll(async () => {
  await server?.stop();
  rmSync(dir, { recursive: true, force: true });
  rmSync(elsewhere, { recursive: true, force: true });
});

test("single executable – keeps its data beside itself and migrates it at first start", () => {
  expect(readdirSync(dir).sort()).toEqual(["data", "helpdesk"]);
  expect(existsSync(join(dir, "data/helpdesk.sqlite"))).toBe(true);
  expect(readdirSync(elsewhere)).toEqual([]);
});

test("single executable – started itself again in place with the garbage collector sized", async () => {
  const environ = (await Bun.file(`/proc/${server.pid}/environ`).text()).split("\0");
  const sized = `BUN_JSC_forceRAMSize=${4 * 1024 ** 3}`;
  // a machine with no more than the default's 4 GiB needs no change, and gets none
  if (totalmem() > 4 * 1024 ** 3) expect(environ).toContain(sized);
  else expect(environ).not.toContain(sized);
});

test("single executable – serves the portal page with its scripts and styles", async () => {
  const page = await fetch(`${server.url}/`);
  expect(page.status).toBe(200);
  const html = await page.text();
  expect(html).toContain('data-island="Portal"');
  const assets = [...html.matchAll(/(?:src|href)="(\/build\/[^"]+)"/g)].map((m) => m[1]!);
  expect(assets.length).toBeGreaterThanOrEqual(2);
  for (const path of [...assets, "/favicon.svg"]) {
    const res = await fetch(`${server.url}${path}`, {
      headers: { "Accept-Encoding": "gzip" },
      decompress: false,
    });
    expect(res.status).toBe(200);
    expect((await res.arrayBuffer()).byteLength).toBeGreaterThan(100);
  }
  const script = await fetch(`${server.url}/build/portal.js`, {
    headers: { "Accept-Encoding": "gzip" },
    decompress: false,
  });
  expect(script.headers.get("content-encoding")).toBe("gzip");
});

test("single executable – an administrator signs in and opens the dashboard", async () => {
  const cookie = await signInCookie(server.url);
  const me = await fetch(`${server.url}/api/auth/user`, { headers: { Cookie: cookie } });
  expect(((await me.json()) as { email: string }).email).toBe("admin@example.com");
  const admin = await fetch(`${server.url}/admin`, { headers: { Cookie: cookie }, redirect: "manual" });
  expect(admin.status).toBe(200);
  expect(await admin.text()).toContain('data-island="AdminDashboard"');
});

test("single executable – `helpdesk backup` writes a snapshot while it serves", () => {
  const run = Bun.spawnSync([exe, "backup"], {
    cwd: elsewhere,
    env: { ...process.env, DATA_DIR: "" },
    stdout: "pipe",
    stderr: "pipe",
  });
  expect(run.stderr.toString()).toBe("");
  expect(run.exitCode).toBe(0);
  const [name] = readdirSync(join(dir, "data/backups")).filter((n) => n.startsWith("helpdesk-"));
  expect(existsSync(join(dir, "data/backups", name!, "helpdesk.sqlite"))).toBe(true);
}, 30_000);

const run = (...args: string[]) => {
  const r = Bun.spawnSync([exe, ...args], {
    cwd: elsewhere,
    env: { ...process.env, DATA_DIR: "", LOG_LEVEL: "error" },
    stdout: "pipe",
    stderr: "pipe",
  });
  return { code: r.exitCode, out: r.stdout.toString(), err: r.stderr.toString() };
};

test("single executable – `--version` prints package.json's version", () => {
  const pkg = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { version: string };
  expect(run("--version")).toEqual({ code: 0, out: `${pkg.version}\n`, err: "" });
}, 30_000);

test("single executable – `upgrade-check` finds nothing pending on the database it made", () => {
  const r = run("upgrade-check");
  expect(r.code).toBe(0);
  expect(r.out).toContain("Pending migrations: none");
}, 30_000);

/** Submits a ticket with one file as a visitor; returns the ticket's id. */
async function submitWithFile(url: string, text: string): Promise<number> {
  const res = await fetch(`${url}/api/tickets`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: url },
    body: JSON.stringify(ticketInput({ description: `Binary round trip: ${text}` })),
  });
  expect(res.status).toBe(201);
  const { id, privateLink } = (await res.json()) as { id: number; privateLink: string };
  const form = new FormData();
  form.append("files", new File([text], "note.txt", { type: "text/plain" }));
  const up = await fetch(`${url}/api${privateLink}/attachments`, {
    method: "POST",
    body: form,
    headers: { Origin: url },
  });
  expect(up.status).toBe(201);
  return id;
}

/** The ticket's files as staff sees them, each downloaded. */
async function downloads(url: string, cookie: string, id: number): Promise<string[]> {
  const res = await fetch(`${url}/api/admin/tickets/${id}/attachments`, { headers: { Cookie: cookie } });
  if (res.status !== 200) return [];
  const rows = (await res.json()) as { id: number }[];
  return Promise.all(
    rows.map(async (r) =>
      (await fetch(`${url}/api/admin/attachments/${r.id}/download`, { headers: { Cookie: cookie } })).text(),
    ),
  );
}

test("single executable – a ticket's file survives backup, verify and restore", async () => {
  const kept = await submitWithFile(server.url, "kept in the backup");
  let cookie = await signInCookie(server.url);
  expect(await downloads(server.url, cookie, kept)).toEqual(["kept in the backup"]);

  const backup = run("backup");
  expect(backup.code).toBe(0);
  const folder = /Backup written to (\S+)/.exec(backup.out)![1]!;
  const verified = run("backup", "--verify", folder);
  expect(verified.err).toBe("");
  expect(verified.out).toContain("is good");
  expect(verified.out).toMatch(/[1-9]\d* attachment files present/);

  const later = await submitWithFile(server.url, "written after the backup");
  await server.stop();
  const restored = run("restore", folder);
  expect(restored.err).toBe("");
  expect(restored.code).toBe(0);

  server = await startServerAt("", { command: [exe], cwd: elsewhere });
  cookie = await signInCookie(server.url);
  expect(await downloads(server.url, cookie, kept)).toEqual(["kept in the backup"]);
  expect(await downloads(server.url, cookie, later)).toEqual([]);
}, 120_000);

test("single executable – starts without NODE_ENV and warns about nothing but the backup disk", async () => {
  const data = mkdtempSync(join(tmpdir(), "helpdesk-binary-env-"));
  const { NODE_ENV: _, ...env } = process.env;
  const child = Bun.spawn([exe], {
    env: { ...env, DATA_DIR: data, HOST: "127.0.0.1", PORT: String(await freePort()), LOG_LEVEL: "info" },
    stdout: "pipe",
    stderr: "pipe",
  });
  const reader = child.stdout.getReader();
  let out = "";
  while (!out.includes('"listening"')) {
    const { value, done } = await reader.read();
    if (done) break;
    out += new TextDecoder().decode(value);
  }
  child.kill("SIGTERM");
  await child.exited;
  const err = await new Response(child.stderr).text();
  rmSync(data, { recursive: true, force: true });
  expect(err).not.toContain("NODE_ENV");
  expect(err).toContain("same disk");
}, 30_000);
