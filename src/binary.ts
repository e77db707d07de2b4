/**
 * Entry of the single executable (`npm run build:binary`): `helpdesk` serves, `helpdesk backup [DEST]`
 * and `helpdesk restore FOLDER` are the backup commands. Assets and migrations are compiled in,
 * so the file needs nothing but its DATA_DIR (default: `data` beside the executable).
 */
import { dirname, join } from "node:path";
import { type EmbeddedMigrations, setEmbeddedMigrations } from "../db/migrate";
import { ConfigError } from "./config";
import { setEmbeddedAssets } from "./http/assets";
import { runBackupCommand } from "./backup-cli";
import { runAdminCommand } from "./admin-cli";
import { start } from "./main";

const USAGE = "Usage: helpdesk [serve] | helpdesk backup [DEST] | helpdesk restore BACKUP_FOLDER";

/** What the generated entry compiles in: URL path → embedded asset file, and the migration set. */
type Embedded = { assets: Record<string, string>; migrations: EmbeddedMigrations };

export async function runBinary(args: string[], embedded: Embedded) {
  setEmbeddedAssets(embedded.assets);
  setEmbeddedMigrations(embedded.migrations);
  process.env.DATA_DIR ||= join(dirname(process.execPath), "data");
  const [command] = args;
  if (command === "backup" || command === "restore") process.exit(runBackupCommand(args));
  if (command === "admin") process.exit(await runAdminCommand(args.slice(1)));
  if (command !== undefined && command !== "serve") {
    console.error(USAGE);
    process.exit(command === "--help" || command === "-h" ? 0 : 2);
  }
  await start().catch((err) => {
    console.error(err instanceof ConfigError ? err.message : err);
    process.exit(1);
  });
}
