import { afterAll, beforeAll, expect, test } from "bun:test";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { arch, tmpdir } from "node:os";
import { join } from "node:path";
import { ROOT, freePort } from "../bench/server";
import { installSteps, mapPaths, stepCode } from "./testing/install-readme";

// The README's "Install on a server" steps, run as written on a fresh clone of HEAD, into a temp prefix.
// What needs root or systemd is a shell function in src/testing/install-shim.sh that says so in the output.
const P = mkdtempSync(join(tmpdir(), "helpdesk-install-"));
const clone = join(P, "clone");
const dist = join(clone, "dist");
const shim = join(ROOT, "src/testing/install-shim.sh");
const target = `linux-${arch() === "arm64" ? "arm64" : "x64"}`;
let port = 0;
let steps: ReturnType<typeof installSteps> = [];
const origin = "https://helpdesk.example.com";

function sh(script: string, cwd = clone, mapped = false) {
  console.log(`$ ${script.trim().split("\n").join("\n$ ")}`);
  const run = Bun.spawnSync(["bash", "-c", `. ${shim}\n${mapped ? script : mapPaths(script, P, port)}`], {
    cwd,
    env: {
      PATH: process.env.PATH!,
      HOME: process.env.HOME!,
      P,
      PORT: String(port),
      MAP: join(P, ".map.sed"),
    },
    stdout: "pipe",
    stderr: "pipe",
  });
  const out = run.stdout.toString() + run.stderr.toString();
  console.log(out);
  if (run.exitCode !== 0) throw new Error(`exit ${run.exitCode}:\n${out}`);
  return out;
}
const step = (n: number) => steps.find((s) => s.n === n) ?? expect.unreachable(`README has no step ${n}`);
// curl's answer has no newline after it, so it is found by its shape, not its line
const lastHealth = (out: string) => JSON.parse(out.match(/\{"status":[^}]*\}/g)?.at(-1) ?? "null");
const healthz = async () =>
  (await fetch(`http://127.0.0.1:${port}/healthz`, { signal: AbortSignal.timeout(5000) })).json();

beforeAll(() => {
  const git = Bun.spawnSync(["git", "clone", "-q", ROOT, clone], { stderr: "pipe" });
  if (git.exitCode !== 0) throw new Error(git.stderr.toString());
  steps = installSteps(readFileSync(join(clone, "README.md"), "utf8"));
  const ci = Bun.spawnSync(["npm", "ci", "--no-audit", "--no-fund"], {
    cwd: clone,
    stdout: "pipe",
    stderr: "pipe",
  });
  if (ci.exitCode !== 0) throw new Error(ci.stderr.toString());
}, 240_000);

afterAll(() => {
  const pid = join(P, "service.pid");
  if (existsSync(pid)) process.kill(Number(readFileSync(pid, "utf8")), "SIGTERM");
  rmSync(P, { recursive: true, force: true });
});

test("install step 1 – the service user (useradd needs root: listed as skipped)", async () => {
  port = await freePort();
  writeFileSync(join(P, ".map.sed"), mapPaths("", P, port, true));
  mkdirSync(join(P, "etc/systemd/system"), { recursive: true }); // there on any systemd host
  expect(sh(stepCode(step(1)).blocks.join("\n"))).toContain("skipped: useradd");
});

test("install step 2 – build, check the checksum, install, --version matches package.json", () => {
  // One architecture only, to keep the test short; the README's command builds both
  const [build] = stepCode(step(2)).inline.filter((c) => c.startsWith("npm run build:binary"));
  sh(`${build} -- --target ${target}`);
  const out = sh(stepCode(step(2)).blocks.join("\n").replaceAll("linux-x64", target), dist);
  expect(out).toContain(`helpdesk-${target}: OK`);
  const { version } = JSON.parse(readFileSync(join(clone, "package.json"), "utf8"));
  expect(out.trim().split("\n").at(-1)).toBe(version);
}, 150_000);

test("install step 3 – settings from .env.example, edited as the step says", () => {
  sh(stepCode(step(3)).blocks.join("\n"));
  const env = readFileSync(join(P, "etc/helpdesk/helpdesk.env"), "utf8").split("\n");
  for (const line of [`PUBLIC_URL=${origin}`, "TRUST_PROXY=true", "ADMIN_EMAIL=owner@example.com"])
    expect(env).toContain(line);
});

test("install step 4 – a backup folder, named in the env file", () => {
  sh(stepCode(step(4)).blocks.join("\n"));
  expect(existsSync(join(P, "mnt/backup/helpdesk"))).toBe(true);
  expect(readFileSync(join(P, "etc/helpdesk/helpdesk.env"), "utf8")).toContain(
    `BACKUP_DIR=${P}/mnt/backup/helpdesk\n`,
  );
});

test("install step 5 – the unit (with step 4's ReadWritePaths change) starts the service; /healthz answers", async () => {
  const change = step(4).text.match(/change `(ReadWritePaths=[^`]+)` to `(ReadWritePaths=[^`]+)`/);
  expect(change).not.toBeNull();
  const unitFile = "/etc/systemd/system/helpdesk.service";
  const lines = mapPaths(stepCode(step(5)).blocks.join("\n"), P, port).split("\n");
  const cp = lines.findIndex((l) => l.includes("deploy/helpdesk.service"));
  lines.splice(cp + 1, 0, `sed -i 's|^${change![1]}$|${change![2]}|' ${P}${unitFile}`);
  const out = sh(lines.join("\n"), clone, true);
  expect(readFileSync(join(P, unitFile), "utf8")).toContain(`\n${change![2]}\n`);
  expect(out).toContain("active (running)");
  const { version } = JSON.parse(readFileSync(join(clone, "package.json"), "utf8"));
  expect(lastHealth(out)).toMatchObject({ status: "ok", version });
  expect(await healthz()).toMatchObject({ version });
}, 60_000);

test("install step 6 – HTTPS in front (needs root and a public name: skipped; deploy.test.ts checks the files)", () => {
  console.log(
    "skipped: step 6 (Caddy/nginx with a certificate); deploy/Caddyfile and nginx.conf are checked by deploy.test.ts",
  );
  expect(step(6).text).toContain("deploy/Caddyfile");
});

let password = "";
test("install step 7 – the first admin's password from the service log signs in", async () => {
  const [grep] = stepCode(step(7)).inline.filter((c) => c.includes("journalctl"));
  const out = sh(grep!);
  expect(out).toContain("First admin created: owner@example.com");
  password = out.match(/Password \(shown once[^)]*\): (\S+)/)![1]!;
  // As the proxy passes it on: https, the public name, and the caller's address
  const headers = { "Content-Type": "application/json", Origin: origin, "X-Forwarded-Proto": "https" };
  const login = await fetch(`http://127.0.0.1:${port}/api/login`, {
    method: "POST",
    headers: { ...headers, "X-Forwarded-For": "203.0.113.7" },
    body: JSON.stringify({ email: "owner@example.com", password }),
  });
  expect(login.status).toBe(200);
  const cookie = (login.headers.get("set-cookie") ?? "").split(";")[0]!;
  const me = await fetch(`http://127.0.0.1:${port}/api/auth/user`, {
    headers: { ...headers, Cookie: cookie },
  });
  expect(((await me.json()) as { email: string }).email).toBe("owner@example.com");
});

const backups = () => readdirSync(join(P, "mnt/backup/helpdesk")).filter((n) => n.startsWith("helpdesk-"));

test("install step 8 – as_service: a backup in the backup folder, listed and verified", () => {
  sh(stepCode(step(8)).blocks.join("\n"));
  // Stands in for "the next day": one backup now, made as the service would make it
  sh("as_service /opt/helpdesk/helpdesk backup");
  expect(backups()).toHaveLength(1);
  const checks = stepCode(step(8)).inline.filter((c) => /^(ls|as_service) /.test(c));
  expect(checks.length).toBe(2);
  const out = sh(checks.join("\n"));
  expect(out).toContain(backups()[0]!);
}, 60_000);

test("install step 9 – upgrade-check with the .new file, swap, start; /healthz answers", async () => {
  const out = sh(stepCode(step(9)).blocks.join("\n").replaceAll("linux-x64", target), dist);
  expect(existsSync(join(P, "opt/helpdesk/helpdesk.old"))).toBe(true);
  expect(existsSync(join(P, "opt/helpdesk/helpdesk.new"))).toBe(false);
  expect(out).toMatch(/migration/i);
  expect(lastHealth(out)).toMatchObject({ status: "ok" });
}, 60_000);

test("install step 10 – restore the backup made in step 8; the admin still signs in", async () => {
  const [made] = backups();
  sh(
    stepCode(step(10))
      .blocks.join("\n")
      .replace(/helpdesk-YYYYMMDD-HHMMSS/g, made!),
  );
  expect(readdirSync(join(P, "var/lib/helpdesk")).some((n) => n.startsWith("pre-restore-"))).toBe(true);
  expect(await healthz()).toMatchObject({ status: "ok" });
  const login = await fetch(`http://127.0.0.1:${port}/api/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: origin, "X-Forwarded-Proto": "https" },
    body: JSON.stringify({ email: "owner@example.com", password }),
  });
  expect(login.status).toBe(200);
}, 60_000);
