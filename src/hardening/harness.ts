/**
 * Hardening harness: the real `bun src/main.ts` as a child process on
 * 127.0.0.1, a fresh temp DATA_DIR, NODE_ENV=production. Users are written straight into the
 * database file (so each test picks roles and scopes directly); everything else goes over HTTP.
 */
import { Database } from "bun:sqlite";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

export const ROOT = resolve(import.meta.dir, "../..");
export const ADMIN = { email: "admin@example.com", password: "admin-password" };
const BUN = join(ROOT, "node_modules/.bin/bun");
/**
 * Server processes per launch: HARDENING_WORKERS=2 runs a file against two processes sharing the port.
 * Each request then opens its own connection, so the kernel spreads them over both processes.
 */
const WORKERS = Number(process.env.HARDENING_WORKERS ?? 1);
/** Server processes behind each launched URL, so its client knows to spread its requests. */
const workersAt = new Map<string, number>();

/** Sockets listening on a loopback port (one per server process sharing it), from /proc/net/tcp. */
export async function listeners(port: number) {
  const hex = `:${port.toString(16).toUpperCase().padStart(4, "0")} `;
  const lines = (await Bun.file("/proc/net/tcp").text()).split("\n");
  return lines.filter((l) => l.includes(hex) && l.trim().split(/\s+/)[3] === "0A").length;
}

async function freePort(): Promise<number> {
  const srv = Bun.listen({ hostname: "127.0.0.1", port: 0, socket: { data() {} } });
  const port = srv.port;
  srv.stop(true);
  return port;
}

export type Server = Awaited<ReturnType<typeof launch>>;

/** The direct children of a process (Linux: from /proc). */
async function childrenOf(pid: number): Promise<number[]> {
  const text = await Bun.file(`/proc/${pid}/task/${pid}/children`)
    .text()
    .catch(() => "");
  return text.split(" ").filter(Boolean).map(Number);
}

/** Still running: a zombie waiting for a parent (or a container's init) to reap it counts as gone. */
const alive = (pid: number) => {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return !/^\d+ \(.*\) [ZX]/s.test(stat);
  } catch {
    return false;
  }
};

const killQuietly = (pid: number) => {
  try {
    process.kill(pid, 9);
  } catch {}
};

/** Starts (or restarts on the same DATA_DIR) the real server; ready when /healthz answers. */
export async function launch(
  opts: { dataDir?: string; env?: Record<string, string>; workers?: number } = {},
) {
  const workers = opts.workers ?? WORKERS;
  const dataDir = opts.dataDir ?? mkdtempSync(join(tmpdir(), "helpdesk-hard-"));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const env = {
    ...process.env,
    NODE_ENV: "production",
    LOG_LEVEL: "error",
    HOST: "127.0.0.1",
    PORT: String(port),
    DATA_DIR: dataDir,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    WORKERS: String(workers),
    // the spec's open tracking unless a test asks for verified
    PUBLIC_TRACKING: "open",
    ...opts.env,
  };
  const proc = Bun.spawn([BUN, "src/main.ts"], { cwd: ROOT, env, stdout: "pipe", stderr: "pipe" });
  // Drained all the time: a full pipe would block the server's logging and so the server.
  let stderr = "";
  const drain = async (stream: ReadableStream<Uint8Array>) => {
    for await (const chunk of stream) stderr += new TextDecoder().decode(chunk);
  };
  const drained = Promise.all([drain(proc.stderr), drain(proc.stdout)]);
  const logs = async () => {
    await Promise.race([drained, Bun.sleep(200)]);
    return stderr;
  };
  const deadline = Date.now() + 20_000 * workers; // each process loads the whole app
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${url}/healthz`)).ok && (workers === 1 || (await listeners(port)) >= workers)) break;
    } catch {}
    if (proc.exitCode !== null) {
      if (!opts.dataDir) rmSync(dataDir, { recursive: true, force: true });
      throw new Error(`server exited ${proc.exitCode}: ${await logs()}`);
    }
    await Bun.sleep(50);
  }
  // Every process of the server dies at once, as in a power cut or a service manager's SIGKILL to
  // its group: with several processes, the server processes under the supervisor too.
  const kill9 = async () => {
    const children = await childrenOf(proc.pid);
    proc.kill(9);
    for (const pid of children) killQuietly(pid);
    await proc.exited;
    while (children.some(alive)) await Bun.sleep(10);
  };
  const stop = async (keepData = false) => {
    if (proc.exitCode === null) {
      proc.kill("SIGTERM");
      // Graceful stop waits for in-flight requests; a test's half-sent body must not hang the suite.
      const done = await Promise.race([proc.exited.then(() => true), Bun.sleep(5000).then(() => false)]);
      if (!done) {
        console.warn("server did not stop within 5 s of SIGTERM; killing it");
        await kill9();
      }
    }
    if (!keepData) rmSync(dataDir, { recursive: true, force: true });
  };
  workersAt.set(url, workers);
  return { url, port, dataDir, workers, proc, kill9, stop, logs, dbPath: join(dataDir, "helpdesk.sqlite") };
}

/** A second connection to the server's database, with the app's busy timeout. */
/** Resident memory of a process in KiB (Linux). */
export async function rssKiB(pid: number) {
  return Number((await Bun.file(`/proc/${pid}/status`).text()).match(/VmRSS:\s+(\d+)/)?.[1] ?? 0);
}

export function openDb(dataDir: string) {
  const db = new Database(join(dataDir, "helpdesk.sqlite"));
  db.exec("PRAGMA busy_timeout = 8000");
  return db;
}

export type UserSpec = {
  email: string;
  password?: string;
  role?: "admin" | "staff";
  status?: "active" | "suspended";
  departments?: string[];
  companies?: string[];
  all?: boolean;
};

/** Inserts a user with a cheap argon2id hash (the server verifies any argon2id parameters). */
export async function addUser(dataDir: string, u: UserSpec): Promise<number> {
  const hash = await Bun.password.hash(u.password ?? "password123", {
    algorithm: "argon2id",
    memoryCost: 1024,
    timeCost: 1,
  });
  const db = openDb(dataDir);
  const now = Date.now();
  const row = db
    .query(`INSERT INTO users (email, password, first_name, last_name, role, status, allowed_departments, allowed_companies, can_view_all_tickets, created_at, updated_at)
            VALUES (?, ?, 'Test', 'User', ?, ?, ?, ?, ?, ?, ?) RETURNING id`)
    .get(
      u.email,
      hash,
      u.role ?? "staff",
      u.status ?? "active",
      JSON.stringify(u.departments ?? []),
      JSON.stringify(u.companies ?? []),
      u.all ? 1 : 0,
      now,
      now,
    ) as { id: number };
  db.close();
  return row.id;
}

type Init = {
  method?: string;
  json?: unknown;
  body?: BodyInit;
  cookie?: string | null;
  headers?: Record<string, string>;
  origin?: string | null;
};

/** fetch against the server: same-origin by default, JSON encoding, a session cookie when given. */
export function client(base: string) {
  const spread = (workersAt.get(base) ?? WORKERS) > 1;
  const req = (path: string, init: Init = {}) => {
    const headers: Record<string, string> = { ...init.headers };
    if (init.origin !== null) headers.Origin ??= init.origin ?? base;
    if (init.cookie) headers.Cookie = init.cookie;
    let body = init.body;
    if (init.json !== undefined) {
      body = JSON.stringify(init.json);
      headers["Content-Type"] ??= "application/json";
    }
    return fetch(base + path, {
      method: init.method ?? (body !== undefined ? "POST" : "GET"),
      headers,
      body,
      redirect: "manual",
      keepalive: !spread,
    });
  };
  const login = async (email: string, password = "password123", headers: Record<string, string> = {}) => {
    const res = await req("/api/login", { json: { email, password }, headers });
    if (res.status !== 200) throw new Error(`login ${email}: ${res.status} ${await res.text()}`);
    return cookieOf(res)!;
  };
  /** Re-enters the session's password, as account-security actions need. */
  const confirm = async (cookie: string, password = "password123", headers: Record<string, string> = {}) => {
    const res = await req("/api/auth/confirm-password", { json: { password }, cookie, headers });
    if (res.status !== 200) throw new Error(`confirm-password: ${res.status} ${await res.text()}`);
    return cookie;
  };
  return { req, login, confirm };
}

/** `name=value` of the session cookie a response sets, or null. */
export function cookieOf(res: Response): string | null {
  const set = res.headers.getSetCookie().find((c) => /^(__Host-)?sid=/.test(c));
  return set ? set.split(";")[0]! : null;
}

export const ticketInput = (over: Record<string, unknown> = {}) => ({
  firstName: "Jane",
  lastName: "Doe",
  email: "jane@example.com",
  phone: "555-123-4567",
  companyId: 1,
  companyName: "Main Office",
  department: "IT",
  ticketType: "IT",
  priority: "medium",
  description: "The printer on floor two is jammed again.",
  ...over,
});

export function integrityOk(dataDir: string) {
  const db = openDb(dataDir);
  const row = db.query("PRAGMA integrity_check").get() as { integrity_check: string };
  db.close();
  return row.integrity_check;
}
