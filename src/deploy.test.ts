import { afterAll, expect, test } from "bun:test";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

const root = resolve(import.meta.dir, "..");
const read = (path: string) => readFileSync(join(root, path), "utf8");
const temp = mkdtempSync(join(tmpdir(), "helpdesk-deploy-"));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

/** The variable names of the env schema in src/config.ts, read from its source. */
function configKeys(): string[] {
  const source = read("src/config.ts");
  const body = /const envSchema = z\.object\(\{([\s\S]*?)\n\}\);/.exec(source)?.[1] ?? "";
  return [...body.matchAll(/^ {2}([A-Z][A-Z0-9_]*):/gm)].map((m) => m[1]!);
}

test("configuration – every variable of the config schema is in .env.example and the README's table", () => {
  const keys = configKeys();
  expect(keys.length).toBeGreaterThan(40);
  const example = read(".env.example");
  const readme = read("README.md");
  const table = readme.slice(
    readme.indexOf("## Configuration"),
    readme.indexOf("\n## ", readme.indexOf("## Configuration") + 5),
  );
  const tableRows = table.split("\n").filter((l) => l.startsWith("| `"));
  expect(keys.filter((k) => !new RegExp(`^(# )?${k}=`, "m").test(example))).toEqual([]);
  expect(keys.filter((k) => !tableRows.some((row) => row.split("|")[1]!.includes(`\`${k}\``)))).toEqual([]);
});

test("configuration – .env.example sets nothing by itself, so copying it changes no default", () => {
  const active = read(".env.example")
    .split("\n")
    .filter((l) => l.trim() && !l.startsWith("#"));
  expect(active).toEqual([]);
});

test("systemd unit – hardened, restarts on failure, writes only its data folder, binds loopback", () => {
  const unit = read("deploy/helpdesk.service");
  for (const line of [
    "User=helpdesk",
    "StateDirectory=helpdesk",
    "Restart=on-failure",
    "NoNewPrivileges=true",
    "ProtectSystem=strict",
    "ProtectHome=true",
    "PrivateTmp=true",
    "ReadWritePaths=/var/lib/helpdesk",
    "EnvironmentFile=/etc/helpdesk/helpdesk.env",
    "Environment=HOST=127.0.0.1",
    "Environment=DATA_DIR=/var/lib/helpdesk",
    "ExecStart=/opt/helpdesk/helpdesk serve",
  ])
    expect(unit.split("\n")).toContain(line);
  expect(unit.match(/^ReadWritePaths=/gm)).toHaveLength(1);
});

test("systemd unit – passes systemd-analyze verify", () => {
  const which = Bun.which("systemd-analyze");
  if (!which) {
    console.log("skipped: systemd-analyze is not installed (Debian package systemd)");
    return;
  }
  // verify checks that ExecStart exists: point it at a real executable in a copy
  const copy = join(temp, "helpdesk.service");
  writeFileSync(copy, read("deploy/helpdesk.service").replace("/opt/helpdesk/helpdesk", "/bin/true"));
  const run = Bun.spawnSync([which, "verify", copy], { stdout: "pipe", stderr: "pipe" });
  expect(run.stderr.toString() + run.stdout.toString()).toBe("");
  expect(run.exitCode).toBe(0);
});

/** Caddyfile blocks as nested { directive, args, children }, enough to check what the proxy does. */
type Block = { line: string; children: Block[] };
function parseCaddyfile(text: string): Block[] {
  const top: Block[] = [];
  const stack: Block[][] = [top];
  for (const raw of text.split("\n")) {
    const line = raw.replace(/(^|\s)#.*$/, "").trim();
    if (!line) continue;
    if (line === "}") {
      if (stack.length < 2) throw new Error("unbalanced }");
      stack.pop();
      continue;
    }
    const opens = line.endsWith("{");
    const block = { line: opens ? line.slice(0, -1).trim() : line, children: [] };
    stack.at(-1)!.push(block);
    if (opens) stack.push(block.children);
  }
  if (stack.length !== 1) throw new Error("unbalanced {");
  return top;
}
const find = (blocks: Block[], start: string) => blocks.find((b) => b.line.startsWith(start));

test("Caddyfile – HTTPS site proxying to the app on loopback with the headers it trusts", () => {
  const text = read("deploy/Caddyfile");
  const caddy = Bun.which("caddy");
  if (caddy) {
    const run = Bun.spawnSync([
      caddy,
      "validate",
      "--adapter",
      "caddyfile",
      "--config",
      join(root, "deploy/Caddyfile"),
    ]);
    expect(run.exitCode).toBe(0);
  } else console.log("caddy is not installed: the Caddyfile is checked by a small parser only");
  const [site, ...others] = parseCaddyfile(text);
  expect(others).toEqual([]);
  expect(site!.line).toBe("helpdesk.example.com");
  const proxy = find(site!.children, "reverse_proxy")!;
  expect(proxy.line).toBe("reverse_proxy 127.0.0.1:3000");
  expect(find(proxy.children, "header_up X-Forwarded-Proto")).toBeDefined();
  expect(find(proxy.children, "flush_interval -1")).toBeDefined();
  const maxSize = find(find(site!.children, "request_body")!.children, "max_size")!.line;
  expect(Number(/(\d+)MB/.exec(maxSize)![1])).toBeGreaterThanOrEqual(10);
  expect(find(find(site!.children, "header")!.children, "Strict-Transport-Security")).toBeDefined();
});

test("nginx example – balanced, HTTPS, bodies of 10 MB files, forwarded headers, no buffering", () => {
  const text = read("deploy/nginx.conf").replace(/#.*$/gm, "");
  expect(text.split("{").length).toBe(text.split("}").length);
  expect(text).toContain("proxy_pass http://127.0.0.1:3000;");
  expect(text).toContain("listen 443 ssl");
  expect(Number(/client_max_body_size (\d+)m;/.exec(text)![1])).toBeGreaterThanOrEqual(10);
  for (const line of [
    "proxy_set_header X-Forwarded-Proto $scheme;",
    "proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;",
    "proxy_request_buffering off;",
    "proxy_buffering off;",
  ])
    expect(text).toContain(line);
});
