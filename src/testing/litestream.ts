/**
 * The real Litestream (from the npm package) for tests: `litestream replicate -config <temp>/litestream.yml`
 * as a child process, its metrics on 127.0.0.1 and a free port. Replicas are folders or SFTP targets
 * (see sshd.ts); the config and its per-replica variants, for restoring from one replica, live in a temp folder.
 */
import { freePort } from "./child-server";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

/** The binary of the npm package (an optional dependency: it exists for linux-x64 only). */
export const LITESTREAM_BIN = resolve(
  import.meta.dir,
  `../../node_modules/@flydotio/litestream-${process.platform}-${process.arch}/litestream`,
);

export type Replica =
  | { name: string; type: "file"; path: string }
  | { name: string; type: "sftp"; host: string; user: string; keyPath: string; path: string };

function replicaYaml(r: Replica): string {
  const common = `      - name: ${r.name}\n        type: ${r.type}\n        path: ${r.path}\n        sync-interval: 1s\n`;
  if (r.type === "file") return common;
  return `${common}        host: ${r.host}\n        user: ${r.user}\n        key-path: ${r.keyPath}\n`;
}

const configYaml = (dbPath: string, replicas: Replica[], port: number) =>
  `addr: 127.0.0.1:${port}\ndbs:\n  - path: ${dbPath}\n    replicas:\n${replicas.map(replicaYaml).join("")}`;

/** Only linux-x64 is published on npm (the other platforms' packages answer 404). */
function checkInstalled() {
  if (!existsSync(LITESTREAM_BIN))
    throw new Error(
      `No Litestream binary at ${LITESTREAM_BIN}: npm publishes @flydotio/litestream-linux-x64 only; elsewhere put the v0.3.13 release binary there`,
    );
}

/**
 * Starts replicating `dbPath`, at a lower CPU priority with `nice` (as its unit runs it), or only on idle
 * CPU with `idle` (SCHED_IDLE); `configFor(name)`: a config with that replica alone.
 */
export async function startLitestream(
  dbPath: string,
  replicas: Replica[],
  opts: { nice?: number; idle?: boolean } = {},
) {
  checkInstalled();
  const dir = mkdtempSync(join(tmpdir(), "helpdesk-litestream-"));
  const port = await freePort();
  const configPath = join(dir, "litestream.yml");
  writeFileSync(configPath, configYaml(dbPath, replicas, port));
  const configFor = (name: string) => {
    const path = join(dir, `${name}.yml`);
    writeFileSync(
      path,
      configYaml(
        dbPath,
        replicas.filter((r) => r.name === name),
        port,
      ),
    );
    return path;
  };
  const niced = opts.idle ? ["chrt", "--idle", "0"] : opts.nice ? ["nice", "-n", String(opts.nice)] : [];
  const proc = Bun.spawn([...niced, LITESTREAM_BIN, "replicate", "-config", configPath], {
    stdout: "pipe",
    stderr: "pipe",
  });
  // Litestream logs on stdout; both are drained, as a full pipe would stall it.
  let log = "";
  const drain = async (stream: ReadableStream<Uint8Array>) => {
    for await (const chunk of stream) log += new TextDecoder().decode(chunk);
  };
  void Promise.all([drain(proc.stdout), drain(proc.stderr)]);
  const metricsUrl = `http://127.0.0.1:${port}/metrics`;
  const deadline = Date.now() + 10_000;
  while (
    !(await fetch(metricsUrl)
      .then((r) => r.ok)
      .catch(() => false))
  ) {
    if (proc.exitCode !== null || Date.now() > deadline) throw new Error(`litestream did not start: ${log}`);
    await Bun.sleep(50);
  }
  return {
    pid: proc.pid,
    configPath,
    configFor,
    metricsUrl,
    log: () => log,
    kill9: async () => {
      proc.kill(9);
      await proc.exited;
    },
    stop: async () => {
      if (proc.exitCode === null) proc.kill("SIGTERM");
      await proc.exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
