import { afterEach, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { loadConfig, ConfigError } from "./config";

const root = resolve(import.meta.dir, "..");
const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** Runs the real entry point until it prints its first lines or exits. */
async function launch(env: Record<string, string>) {
  const dir = mkdtempSync(join(tmpdir(), "helpdesk-start-"));
  dirs.push(dir);
  const proc = Bun.spawn([process.execPath, "src/main.ts"], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "production",
      LOG_LEVEL: "error",
      HOST: "127.0.0.1",
      PORT: "0",
      DATA_DIR: dir,
      ...env,
    },
    stdout: "pipe",
    stderr: "pipe",
  });
  return { proc, dir };
}

describe("start-up", () => {
  test("config – an invalid value stops start-up naming the variable", async () => {
    expect(() => loadConfig({ PORT: "not-a-port" })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: "not-a-port" })).toThrow(/PORT/);
    expect(() => loadConfig({ SMTP_URL: "nope" })).toThrow(/SMTP_URL/);
    for (const bad of ["10.0.0.0/33", "proxy.local", "10.0.0.1/8/1", "fd00::/129"])
      expect(() => loadConfig({ TRUSTED_PROXIES: bad })).toThrow(/TRUSTED_PROXIES/);
    expect(loadConfig({ TRUSTED_PROXIES: " 10.0.0.0/8, ::1 ,fd00::/8" }).trustedProxies).toEqual([
      "10.0.0.0/8",
      "::1",
      "fd00::/8",
    ]);
    const { proc } = await launch({ SQLITE_SYNCHRONOUS: "SOMETIMES" });
    expect(await proc.exited).toBe(1);
    expect(await new Response(proc.stderr).text()).toContain("SQLITE_SYNCHRONOUS");
  });

  test("first start – prints a one-time admin password, a second start creates nobody", async () => {
    const first = await launch({ ADMIN_EMAIL: "", ADMIN_PASSWORD: "", LOG_LEVEL: "info" });
    const reader = first.proc.stdout.getReader();
    let out = "";
    while (!out.includes('"listening"')) {
      const { value, done } = await reader.read();
      if (done) break;
      out += new TextDecoder().decode(value);
    }
    expect(out).toContain("First admin created: admin@localhost");
    expect(out).toMatch(/Password \(shown once, change it under Profile\): [a-z2-7]{26}/);
    first.proc.kill("SIGTERM");
    expect(await first.proc.exited).toBe(0); // graceful shutdown closes the database cleanly

    const again = Bun.spawn([process.execPath, "src/main.ts"], {
      cwd: root,
      env: {
        ...process.env,
        NODE_ENV: "production",
        LOG_LEVEL: "error",
        HOST: "127.0.0.1",
        PORT: "0",
        DATA_DIR: first.dir,
      },
      stdout: "pipe",
    });
    await Bun.sleep(1500);
    again.kill("SIGTERM");
    await again.exited;
    expect(await new Response(again.stdout).text()).not.toContain("First admin created");
  });
});
