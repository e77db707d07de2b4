/** Starts the real server (production start command, minus the asset build) on a given DATA_DIR. */
import { spawn, type ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import { createServer } from "node:net";
import { join, resolve } from "node:path";

export const ROOT = resolve(import.meta.dir, "..");
export const BUN = join(ROOT, "node_modules/.bin/bun");
export const BENCH_ADMIN = { email: "admin@example.com", password: "admin-password" };
export const BENCH_STAFF = { email: "staff0@example.com", password: "staff-password" };

export const freePort = () =>
  new Promise<number>((ok, fail) => {
    const srv = createServer().listen(0, "127.0.0.1", () => {
      const port = (srv.address() as { port: number }).port;
      srv.close(() => ok(port));
    });
    srv.on("error", fail);
  });

export type RunningServer = {
  url: string;
  pid: number;
  startMs: number;
  peakRssMb: () => number;
  rssMb: () => number;
  stop: () => Promise<void>;
};

const statusField = (pid: number, field: string) => {
  const m = new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  return m ? Number(m[1]) / 1024 : NaN;
};

/** `command` defaults to `bun src/main.ts`; the binary test passes the compiled file (and "" for its own DATA_DIR). */
export async function startServerAt(
  dataDir: string,
  opts: { env?: Record<string, string>; command?: string[]; cwd?: string; timeoutMs?: number } = {},
): Promise<RunningServer> {
  const port = await freePort();
  const [cmd, ...args] = opts.command ?? [BUN, "src/main.ts"];
  const started = performance.now();
  const child: ChildProcess = spawn(cmd!, args, {
    cwd: opts.cwd ?? ROOT,
    env: {
      ...process.env,
      NODE_ENV: "production",
      LOG_LEVEL: "error",
      HOST: "127.0.0.1",
      PORT: String(port),
      DATA_DIR: dataDir,
      ADMIN_EMAIL: BENCH_ADMIN.email,
      ADMIN_PASSWORD: BENCH_ADMIN.password,
      ...opts.env,
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  process.on("exit", () => child.kill()); // never outlive the bench or test that started it
  const url = `http://127.0.0.1:${port}`;
  const deadline = started + (opts.timeoutMs ?? 30_000);
  for (;;) {
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {}
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    if (performance.now() > deadline) throw new Error("server did not answer /healthz in time");
    await Bun.sleep(10);
  }
  const startMs = performance.now() - started;
  const pid = child.pid!;
  const stop = async () => {
    if (child.exitCode !== null) return;
    const exited = new Promise((r) => child.once("exit", r));
    child.kill("SIGTERM");
    await exited;
  };
  return {
    url,
    pid,
    startMs,
    peakRssMb: () => statusField(pid, "VmHWM"),
    rssMb: () => statusField(pid, "VmRSS"),
    stop,
  };
}

/** Signs in through the API and returns the session cookie. */
export async function signInCookie(url: string, user = BENCH_ADMIN): Promise<string> {
  const res = await fetch(`${url}/api/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: url },
    body: JSON.stringify(user),
  });
  if (res.status !== 200) throw new Error(`login failed: ${res.status} ${await res.text()}`);
  return (res.headers.get("set-cookie") ?? "").split(";")[0]!;
}
