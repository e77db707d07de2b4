/**
 * How current the off-box copies are, kept in a small status file the replication job writes, so every
 * server process can answer from it.
 */
import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import type { Config } from "../config";

export type ReplicationStatus = {
  /** Last time Litestream's replicas held everything it had read from the WAL, and at which position. */
  replicatedAt?: string;
  position?: string;
  litestreamError?: string;
  /** Last complete pass of the uploads copy, and its error while it keeps failing. */
  uploadsCopiedAt?: string;
  uploadsError?: string;
  since?: string;
};

/** Past this, the copies are called behind. */
const REPLICATION_WARN_MS = 5 * 60_000;

const statusPath = (config: Config) => join(config.dataDir, "replication-status.json");

export function readReplicationStatus(config: Config): ReplicationStatus {
  try {
    return JSON.parse(readFileSync(statusPath(config), "utf8")) as ReplicationStatus;
  } catch {
    return {};
  }
}

export function writeReplicationStatus(config: Config, patch: ReplicationStatus) {
  const path = statusPath(config);
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(`${path}.tmp`, JSON.stringify({ ...readReplicationStatus(config), ...patch }));
  renameSync(`${path}.tmp`, path); // a reader never sees half a file
}

export type ReplicationHealth = {
  litestream: { enabled: boolean; replicatedAt: string | null; position: string | null };
  uploadsCopy: { enabled: boolean; copiedAt: string | null };
  warning: string | null;
};

function behind(what: string, at: string | undefined, since: string | undefined, now: Date, error?: string) {
  const last = at ?? since;
  if (last && now.getTime() - new Date(last).getTime() <= REPLICATION_WARN_MS) return null;
  const reason = error ? `: ${error}` : "";
  return at
    ? `${what} last succeeded at ${at}, over 5 minutes ago${reason}`
    : `${what} has not succeeded yet${reason}`;
}

/** A warning once either copy is more than five minutes behind (or has never succeeded after five minutes). */
export function replicationHealth(config: Config, now: Date): ReplicationHealth {
  const { litestream, uploadsCopyDir } = config.replication;
  const s = readReplicationStatus(config);
  const warnings = [
    litestream ? behind("Database replication", s.replicatedAt, s.since, now, s.litestreamError) : null,
    uploadsCopyDir ? behind("The uploads copy", s.uploadsCopiedAt, s.since, now, s.uploadsError) : null,
  ].filter(Boolean);
  return {
    litestream: { enabled: litestream, replicatedAt: s.replicatedAt ?? null, position: s.position ?? null },
    uploadsCopy: { enabled: Boolean(uploadsCopyDir), copiedAt: s.uploadsCopiedAt ?? null },
    warning: warnings.length ? warnings.join("; ") : null,
  };
}
