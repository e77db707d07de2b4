import type { Config } from "../config";
import type { Job } from "../jobs/background";
import { log } from "../log";
import { fetchLitestreamPosition } from "./litestream-metrics";
import { copyNewUploads, listCopied } from "./uploads-copy";
import { readReplicationStatus, writeReplicationStatus } from "./replication-status";

/** How far behind Litestream is, as the status file records it: the time it last held everything read. */
async function checkLitestream(config: Config, now: Date) {
  try {
    const p = await fetchLitestreamPosition(config.replication.metricsUrl, config.dbPath);
    writeReplicationStatus(
      config,
      p.caughtUp
        ? { replicatedAt: now.toISOString(), position: p.replicated, litestreamError: undefined }
        : { litestreamError: `behind at ${p.replicated}` },
    );
  } catch (err) {
    writeReplicationStatus(config, { litestreamError: (err as Error).message });
  }
}

/**
 * Every REPLICATION_CHECK_SECONDS: copies new uploads to UPLOADS_COPY_DIR (never deleting there) and
 * reads how far Litestream has replicated the database. Runs in the one process that holds its lease.
 */
export function startReplicationJob(config: Config, now: () => Date): Job | undefined {
  const { litestream, uploadsCopyDir, checkMs } = config.replication;
  if (!litestream && !uploadsCopyDir) return undefined;
  if (!readReplicationStatus(config).since) writeReplicationStatus(config, { since: now().toISOString() });
  const copied = uploadsCopyDir ? listCopied(uploadsCopyDir) : new Set<string>();
  const pass = async () => {
    if (uploadsCopyDir)
      try {
        const count = await copyNewUploads(config.uploadsDir, uploadsCopyDir, copied);
        writeReplicationStatus(config, { uploadsCopiedAt: now().toISOString(), uploadsError: undefined });
        if (count) log.info("uploads copied", { count, to: uploadsCopyDir });
      } catch (err) {
        writeReplicationStatus(config, { uploadsError: (err as Error).message });
        log.error("uploads copy failed", { error: String(err) });
      }
    if (litestream) await checkLitestream(config, now());
  };
  let running: Promise<void> | undefined;
  const tick = () => {
    running ??= pass().finally(() => {
      running = undefined;
    });
  };
  tick();
  const timer = setInterval(tick, checkMs);
  return {
    stop: async () => {
      clearInterval(timer);
      await running;
    },
  };
}
