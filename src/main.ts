import { mkdirSync } from "node:fs";
import { ConfigError, loadConfig, type Config } from "./config";
import { openDatabase } from "../db/client";
import { needsAdmin, seedDatabase } from "../db/seed";
import { createDeps, type Deps } from "./deps";
import { createApp } from "./app";
import { log } from "./log";
import { randomPassword } from "./auth/passwords";
import { startBackgroundJobs } from "./jobs/background";
import { removeTempUploads } from "./attachments/storage";
import { MigrationError, migrateWithBackup, removeOldPreMigrationBackups } from "./upgrade";
import { warnAboutBackups } from "./backup-warnings";
import { VERSION } from "./version";

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

/** `compiled`: started from the single executable, which is always a production build. */
export async function start(env = process.env, opts: { compiled?: boolean } = {}) {
  const config = loadConfig(env);
  if (!opts.compiled && env.NODE_ENV !== "production")
    log.warn(
      "NODE_ENV is not 'production': start with `npm start` or the single executable, which set it (no development error pages in use)",
      { NODE_ENV: env.NODE_ENV ?? null },
    );
  mkdirSync(config.uploadsDir, { recursive: true });
  removeTempUploads(config.uploadsDir);
  const { sqlite, db } = openDatabase(config.dbPath, { synchronous: config.synchronous });
  // Handlers go in as soon as the database is open: a stop during migrations or the first
  // admin's password hash still closes it cleanly; what is not running yet is skipped.
  let server: ReturnType<typeof Bun.serve> | undefined;
  let deps: Deps | undefined;
  let jobs: ReturnType<typeof startBackgroundJobs> | undefined;
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info("shutting down", { signal });
    deps?.events.closeAll();
    if (server) await drain(server);
    await jobs?.stop();
    sqlite.exec("PRAGMA wal_checkpoint(TRUNCATE)");
    sqlite.close();
    process.exit(0);
  };
  process.on("SIGINT", () => void shutdown("SIGINT"));
  process.on("SIGTERM", () => void shutdown("SIGTERM"));

  const preMigration = migrateWithBackup({ config, sqlite, db });
  deps = createDeps({ config, db, sqlite });
  await seed(deps, config);
  const app = createApp(deps);
  server = Bun.serve({
    port: config.port,
    hostname: config.host,
    fetch: app.fetch,
    maxRequestBodySize: 128 * 1024 * 1024,
  });
  jobs = startBackgroundJobs(deps);
  removeOldPreMigrationBackups(config, preMigration);
  warnAboutBackups(config, deps.now());
  log.info("listening", {
    url: `http://${config.host}:${server.port}`,
    dataDir: config.dataDir,
    version: VERSION,
  });
  return { server, deps };
}

if (import.meta.main) {
  start().catch((err) => {
    if (err instanceof ConfigError || err instanceof MigrationError) console.error(err.message);
    else console.error(err);
    process.exit(1);
  });
}
