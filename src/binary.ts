/**
 * Entry of the single executable (`npm run build:binary`): `helpdesk` serves; backup, restore, admin and
 * upgrade-check are its commands. Assets and migrations are compiled in, so it needs nothing but its
 * DATA_DIR (default: `data` beside the executable).
 */
import { dirname, join } from "node:path";
import { type EmbeddedMigrations, setEmbeddedMigrations } from "../db/migrate";
import { ConfigError } from "./config";
import { setEmbeddedAssets } from "./http/assets";
import { runBackupCommand } from "./backup-cli";
import { runUpgradeCheck } from "./upgrade-cli";
import { runAdminCommand } from "./admin-cli";
import { start } from "./main";
import { MigrationError } from "./upgrade";
import { VERSION } from "./version";

const USAGE = [
  "Usage: helpdesk [serve]                 start the server",
  "       helpdesk backup [DEST]           write a backup (default BACKUP_DIR)",
  "       helpdesk backup --verify [DIR]   restore a backup (default: the newest) into a temp folder and check it",
  "       helpdesk restore BACKUP_FOLDER   put a backup back into DATA_DIR (service stopped)",
  "       helpdesk restore --from-replica LITESTREAM_CONFIG [--at TIME] [--files DIR]",
  "                                        rebuild DATA_DIR from Litestream's replica and the uploads copy",
  "       helpdesk upgrade-check           list the migrations the next start would apply",
  "       helpdesk --version",
].join("\n");

/** What the generated entry compiles in: URL path → embedded asset file, and the migration set. */
type Embedded = { assets: Record<string, string>; migrations: EmbeddedMigrations };

export async function runBinary(args: string[], embedded: Embedded) {
  setEmbeddedAssets(embedded.assets);
  setEmbeddedMigrations(embedded.migrations);
  process.env.DATA_DIR ||= join(dirname(process.execPath), "data");
  const [command] = args;
  if (command === "--version" || command === "-v") return console.log(VERSION);
  if (command === "backup" || command === "restore") process.exit(await runBackupCommand(args));
  if (command === "upgrade-check") process.exit(runUpgradeCheck());
  if (command === "admin") process.exit(await runAdminCommand(args.slice(1)));
  if (command !== undefined && command !== "serve") {
    console.error(USAGE);
    process.exit(command === "--help" || command === "-h" ? 0 : 2);
  }
  await start(process.env, { compiled: true }).catch((err) => {
    console.error(err instanceof ConfigError || err instanceof MigrationError ? err.message : err);
    process.exit(1);
  });
}
