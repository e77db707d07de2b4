/** `npm run upgrade-check` / `helpdesk upgrade-check`: lists the migrations the next start would apply. */
import { Database } from "bun:sqlite";
import { existsSync } from "node:fs";
import { ConfigError, loadConfig } from "./config";
import { upgradeCheck } from "./upgrade";
import { VERSION } from "./version";

export function runUpgradeCheck(env = process.env): number {
  try {
    const config = loadConfig(env);
    // The server may be running: wait for its locks rather than fail.
    const sqlite = existsSync(config.dbPath) ? new Database(config.dbPath, { readwrite: true }) : undefined;
    sqlite?.exec("PRAGMA busy_timeout = 8000");
    try {
      console.log(`Helpdesk ${VERSION}\n${upgradeCheck(config, sqlite)}`);
    } finally {
      sqlite?.close();
    }
    return 0;
  } catch (err) {
    console.error(err instanceof ConfigError || err instanceof Error ? err.message : String(err));
    return 1;
  }
}

if (import.meta.main) process.exit(runUpgradeCheck());
