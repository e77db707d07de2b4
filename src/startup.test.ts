import { afterEach, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir, totalmem } from "node:os";
import { join, resolve } from "node:path";
import { loadConfig, ConfigError } from "./config";
import { gcSizedEnv } from "./gc-sizing";

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

/** What the server printed up to its "listening" line (or its exit). */
async function untilListening(stdout: ReadableStream<Uint8Array>) {
  const reader = stdout.getReader();
  let out = "";
  while (!out.includes('"listening"')) {
    const { value, done } = await reader.read();
    if (done) break;
    out += new TextDecoder().decode(value);
  }
  reader.releaseLock();
  return out;
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
    const out = await untilListening(first.proc.stdout);
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

  test("garbage collector – sized only when asked for less RAM than the machine has, and not twice", () => {
    const G = 1024 ** 3;
    expect(gcSizedEnv({ A: "1" }, 4 * G, 23 * G)).toEqual({ A: "1", BUN_JSC_forceRAMSize: String(4 * G) });
    expect(gcSizedEnv({}, 0, 23 * G)).toBeNull();
    expect(gcSizedEnv({}, 4 * G, 2 * G)).toBeNull();
    expect(gcSizedEnv({ BUN_JSC_forceRAMSize: "1" }, 4 * G, 23 * G)).toBeNull();
    expect(loadConfig({}).gcRamSize).toBe(4 * G);
    expect(loadConfig({ GC_RAM_SIZE: "0" }).gcRamSize).toBe(0);
    expect(() => loadConfig({ GC_RAM_SIZE: "lots" })).toThrow(/GC_RAM_SIZE/);
  });

  test("garbage collector – the server starts itself again in place, same pid, with the collector sized", async () => {
    const environOf = async (env: Record<string, string>) => {
      const { proc } = await launch({ LOG_LEVEL: "info", ...env });
      expect(await untilListening(proc.stdout)).toContain('"listening"');
      const environ = (await Bun.file(`/proc/${proc.pid}/environ`).text()).split("\0");
      proc.kill("SIGTERM");
      expect(await proc.exited).toBe(0);
      return environ.find((e) => e.startsWith("BUN_JSC_forceRAMSize="));
    };
    const mib = Math.floor(totalmem() / 2 / 1024 ** 2); // less than any machine this runs on has
    expect(await environOf({ GC_RAM_SIZE: `${mib}M` })).toBe(`BUN_JSC_forceRAMSize=${mib * 1024 ** 2}`);
    expect(await environOf({ GC_RAM_SIZE: "0" })).toBeUndefined();
  });
});
