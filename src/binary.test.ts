import { afterAll, beforeAll, expect, test } from "bun:test";
import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { BUN, ROOT, signInCookie, startServerAt, type RunningServer } from "../bench/server";

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
  const [name] = readdirSync(join(dir, "data/backups"));
  expect(existsSync(join(dir, "data/backups", name!, "helpdesk.sqlite"))).toBe(true);
});
