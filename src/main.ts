import { readAssetVersion } from "./http/assets";
import { mkdirSync } from "node:fs";
import { resolve } from "node:path";
import { ConfigError, loadConfig, type Config } from "./config";
import { openDatabase } from "../db/client";
import { needsAdmin, seedDatabase } from "../db/seed";
import { createDeps, type Deps } from "./deps";
import { log, setLogFields } from "./log";
import { superviseWorkers } from "./workers/supervisor";
import { serveWriteTurns } from "./workers/write-turn-server";
import { removeStaleTurnDirs } from "./workers/stale-turns";
import { connectWriteTurn } from "./workers/write-turn";
import { randomPassword } from "./auth/passwords";
import { removeTempUploads } from "./attachments/storage";
import { MigrationError, migrateWithBackup, removeOldPreMigrationBackups } from "./upgrade";
import { warnAboutBackups } from "./backup-warnings";
import { VERSION } from "./version";
import { sizeGarbageCollector } from "./gc-sizing";

/** First start: the admin from ADMIN_EMAIL/ADMIN_PASSWORD, or admin@localhost with a password printed once. */
async function seed(deps: Deps, config: Config) {
  if (!needsAdmin(deps.db)) return seedDatabase(deps.db, { companyName: config.companyName });
  const email = config.admin.email ?? "admin@localhost";
  const password = config.admin.password ?? randomPassword();
  const result = seedDatabase(deps.db, {
    companyName: config.companyName,
    admin: { email, passwordHash: await deps.passwords.hash(password) },
  });
  if (result.adminCreated && !config.admin.password)
    console.log(
      `\nFirst admin created: ${email}\nPassword (shown once, change it under Profile): ${password}\n`,
    );
  else if (result.adminCreated) log.info("first admin created", { email });
}

/**
 * In-flight requests get this long to finish at shutdown. Bun counts a request whose body was refused
 * unread (413 on Content-Length) as in flight while the client keeps the connection, so without a
 * bound one such client would hold the process forever.
 */
const SHUTDOWN_GRACE_MS = 3_000;

/** Stop accepting, let in-flight requests finish, but never wait forever on a slow or stalled client. */
async function drain(server: ReturnType<typeof Bun.serve>) {
  const drained = server.stop(false);
  if (await Promise.race([drained.then(() => true), Bun.sleep(SHUTDOWN_GRACE_MS).then(() => false)])) return;
  log.warn("connections still open after the grace period: closing them", { graceMs: SHUTDOWN_GRACE_MS });
  await server.stop(true);
}

/** Opens the database and stops cleanly on SIGINT/SIGTERM, running `close` first (whatever has started by then). */
function openWithShutdown(config: Config, close: (signal: string) => Promise<void>, checkpoint: string) {
  const { sqlite, db } = openDatabase(config.dbPath, { synchronous: config.synchronous });
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info("shutting down", { signal });
    await close(signal);
    sqlite.exec(`PRAGMA wal_checkpoint(${checkpoint})`);
    sqlite.close();
    process.exit(0);
  };
  process.on("SIGINT", () => void shutdown("SIGINT"));
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  return { sqlite, db, shutdown };
}

/**
 * Serves on this process: the app, its port (shared with sibling processes when `reusePort`), its jobs.
 * Loaded here, not at the top, so a supervisor that serves nothing never holds the app in memory.
 */
async function serve(deps: Deps, config: Config, reusePort: boolean) {
  const [{ createApp }, { startBackgroundJobs }] = await Promise.all([
    import("./app"),
    import("./jobs/background"),
  ]);
  const server = Bun.serve({
    port: config.port,
    hostname: config.host,
    reusePort,
    fetch: createApp(deps).fetch,
    maxRequestBodySize: 128 * 1024 * 1024,
  });
  const jobs = startBackgroundJobs(deps);
  const stop = async () => {
    deps.events.closeAll();
    await drain(server);
    await jobs.stop();
  };
  return { server, stop };
}

/** `compiled`: started from the single executable, which is always a production build. */
export async function start(env = process.env, opts: { compiled?: boolean } = {}) {
  const config = loadConfig(env);
  // Before anything opens: the process image starts over from the beginning with the collector sized.
  const args = opts.compiled ? process.argv.slice(2) : [...process.execArgv, ...process.argv.slice(1)];
  sizeGarbageCollector(config.gcRamSize, env, args);
  // Only a process started by the supervisor (with its message channel) skips the start-up work.
  if (env.HELPDESK_WORKER && process.send)
    return startWorker(config, Number(env.HELPDESK_WORKER), env.HELPDESK_WRITE_TURNS);
  if (!opts.compiled && env.NODE_ENV !== "production")
    log.warn(
      "NODE_ENV is not 'production': start with `npm start` or the single executable, which set it (no development error pages in use)",
      { NODE_ENV: env.NODE_ENV ?? null },
    );
  mkdirSync(config.uploadsDir, { recursive: true });
  removeTempUploads(config.uploadsDir);
  // Handlers go in as soon as the database is open: a stop during migrations or the first
  // admin's password hash still closes it cleanly; what is not running yet is skipped.
  let running: { stop: () => Promise<void> } | undefined;
  // Under Litestream, resetting the WAL is Litestream's: a TRUNCATE here would wait on its read lock.
  const lastCheckpoint = config.replication.litestream ? "PASSIVE" : "TRUNCATE";
  const { sqlite, db } = openWithShutdown(config, async () => running?.stop(), lastCheckpoint);
  const preMigration = migrateWithBackup({ config, sqlite, db });
  const deps = createDeps({ config, db, sqlite, assetVersion: readAssetVersion() });
  await seed(deps, config);
  let port = config.port;
  if (config.workers > 1) {
    // The processes must share one port: "any free port" is chosen once, here.
    if (port === 0) port = freePort();
    await removeStaleTurnDirs();
    const turns = serveWriteTurns();
    const childEnv = { ...env, PORT: String(port), HELPDESK_WRITE_TURNS: turns.path };
    const workers = superviseWorkers({
      count: config.workers,
      command: workerCommand(opts.compiled),
      env: childEnv,
    });
    running = { stop: () => workers.stop().finally(turns.stop) };
    await workers.ready.catch((error) => {
      turns.stop();
      throw error;
    });
  } else {
    const served = await serve(deps, config, false);
    running = served;
    port = served.server.port ?? port;
  }
  removeOldPreMigrationBackups(config, preMigration);
  warnAboutBackups(config, deps.now());
  const url = `http://${config.host}:${port}`;
  log.info("listening", { url, dataDir: config.dataDir, version: VERSION, workers: config.workers });
  return { deps, url };
}

function freePort() {
  const probe = Bun.listen({ hostname: "127.0.0.1", port: 0, socket: { data() {} } });
  const { port } = probe;
  probe.stop(true);
  return port;
}

/** How the supervisor starts a server process: the executable's `serve`, or this file under bun. */
const workerCommand = (compiled?: boolean) =>
  compiled ? [process.execPath, "serve"] : [process.execPath, resolve(import.meta.dir, "main.ts")];

/**
 * One of several server processes: migrations, seeding and clean-up already ran in the supervisor.
 * It ends with the supervisor, and tells it once it serves.
 */
async function startWorker(config: Config, worker: number, writeTurns?: string) {
  setLogFields({ worker, pid: process.pid });
  let running: Awaited<ReturnType<typeof serve>> | undefined;
  // A worker checkpoints only what no other process is reading; the supervisor truncates at the end.
  const { sqlite, db, shutdown } = openWithShutdown(config, async () => running?.stop(), "PASSIVE");
  process.on("disconnect", () => void shutdown("supervisor gone"));
  // Writers queue for one turn at a time instead of sleeping on SQLite's lock.
  const turn = writeTurns ? await connectWriteTurn(writeTurns) : undefined;
  const deps = createDeps({
    config,
    db,
    sqlite,
    assetVersion: readAssetVersion(),
    takeWriteTurn: turn?.take,
  });
  running = await serve(deps, config, true);
  process.send?.({ ready: true });
  log.info("worker listening", { url: `http://${config.host}:${running.server.port}` });
  return { deps, url: `http://${config.host}:${running.server.port}` };
}

if (import.meta.main) {
  start().catch((err) => {
    if (err instanceof ConfigError || err instanceof MigrationError) console.error(err.message);
    else console.error(err);
    process.exit(1);
  });
}
