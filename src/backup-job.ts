import { resolve } from "node:path";
import type { Config } from "./config";
import type { Job } from "./jobs/background";
import { defaultBackupDir } from "./backup-cli";
import { pruneBackups } from "../db/backup";
import { log } from "./log";

const UNIT_MS = { m: 60_000, h: 3_600_000, d: 86_400_000 } as const;

/** "30m" | "6h" | "1d" → ms; "0" → 0 (off). The format is checked by the config schema. */
export function parseInterval(value: string): number {
  const m = /^(\d+)([mhd])$/.exec(value);
  return m ? Number(m[1]) * UNIT_MS[m[2] as keyof typeof UNIT_MS] : 0;
}

/** The backup command of this very program: the compiled binary's subcommand, or the CLI script under bun. */
function backupCommand(dest: string): string[] {
  const compiled = import.meta.dir.startsWith("/$bunfs") || import.meta.dir.startsWith("B:\\~BUN");
  return compiled
    ? [process.execPath, "backup", dest]
    : [process.execPath, resolve(import.meta.dir, "backup-cli.ts"), "backup", dest];
}

/**
 * BACKUP_INTERVAL: a backup every interval, keeping the newest BACKUP_KEEP. Each runs in a child
 * process, because VACUUM INTO is synchronous and would stall requests for its whole run.
 */
export function startBackupJob(
  config: Config,
  opts: { env?: NodeJS.ProcessEnv; everyMs?: number } = {},
): Job | undefined {
  const env = opts.env ?? process.env;
  const every = opts.everyMs ?? parseInterval(config.backup.interval);
  if (every <= 0) return undefined;
  const dest = defaultBackupDir(config);
  let running: Promise<void> | undefined;
  const once = async () => {
    const child = Bun.spawn(backupCommand(dest), {
      env: { ...env, DATA_DIR: config.dataDir },
      stdout: "ignore",
      stderr: "pipe",
    });
    const [code, output] = [await child.exited, (await new Response(child.stderr).text()).trim()];
    if (code !== 0) return log.error("scheduled backup failed", { code, output });
    const removed = pruneBackups(dest, config.backup.keep);
    log.info("scheduled backup written", { dest, removed: removed.length });
  };
  const timer = setInterval(() => {
    if (running) return log.warn("backup skipped: the previous one is still running");
    running = once().finally(() => (running = undefined));
  }, every);
  return {
    stop: async () => {
      clearInterval(timer);
      await running; // a half-written backup only ever exists as .partial-*, but let it finish
    },
  };
}
