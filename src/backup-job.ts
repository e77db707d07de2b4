import { resolve } from "node:path";
import type { Config } from "./config";
import type { Job } from "./jobs/background";
import { defaultBackupDir } from "./backup-cli";
import { pruneBackups } from "../db/backup";
import { parseInterval } from "./backup-interval";
import { markScheduled, newestBackupAt, writeStatus } from "./backup-status";
import { log } from "./log";

export { parseInterval };

/** The backup command of this very program: the compiled binary's subcommand, or the CLI script under bun. */
function backupCommand(dest: string): string[] {
  const compiled = import.meta.dir.startsWith("/$bunfs") || import.meta.dir.startsWith("B:\\~BUN");
  return compiled
    ? [process.execPath, "backup", dest]
    : [process.execPath, resolve(import.meta.dir, "backup-cli.ts"), "backup", dest];
}

/** A fresh install's first backup waits this long at most, so short-lived runs do not write one. */
const FIRST_DELAY_MS = 10 * 60_000;

/**
 * BACKUP_INTERVAL: a backup every interval, keeping the newest BACKUP_KEEP. The next one is due an
 * interval after the newest on disk, so frequent restarts do not postpone it forever. Each runs in a
 * child process, because VACUUM INTO is synchronous and would stall requests for its whole run.
 */
export function startBackupJob(
  config: Config,
  opts: { env?: NodeJS.ProcessEnv; everyMs?: number; now?: () => Date } = {},
): Job | undefined {
  const env = opts.env ?? process.env;
  const now = opts.now ?? (() => new Date());
  const every = opts.everyMs ?? parseInterval(config.backup.interval);
  if (every <= 0) return undefined;
  const dest = defaultBackupDir(config);
  markScheduled(config, now());
  let running: Promise<void> | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const once = async () => {
    const child = Bun.spawn(backupCommand(dest), {
      env: { ...env, DATA_DIR: config.dataDir },
      stdout: "ignore",
      stderr: "pipe",
    });
    const [code, output] = [await child.exited, (await new Response(child.stderr).text()).trim()];
    if (code !== 0) {
      writeStatus(config, {
        failedAt: now().toISOString(),
        error: output.slice(0, 500) || `exit code ${code}`,
      });
      return log.error("scheduled backup failed", { code, output });
    }
    const removed = pruneBackups(dest, config.backup.keep);
    log.info("scheduled backup written", { dest, removed: removed.length });
  };
  const schedule = () => {
    const newest = newestBackupAt(config)?.getTime() ?? 0;
    const due = Math.max(now().getTime() + Math.min(every, FIRST_DELAY_MS), newest + every);
    timer = setTimeout(tick, due - now().getTime());
  };
  const tick = () => {
    running = once()
      .catch((err) => log.error("scheduled backup failed", { error: String(err) }))
      .finally(() => {
        running = undefined;
        if (timer !== undefined) schedule();
      });
  };
  schedule();
  return {
    stop: async () => {
      clearTimeout(timer);
      timer = undefined;
      await running; // a half-written backup only ever exists as .partial-*, but let it finish
    },
  };
}
