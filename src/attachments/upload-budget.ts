import { statfsSync } from "node:fs";
import { tooLarge, tooMany, unavailable } from "../errors/domain-error";
import { MAX_FILES_PER_SUBMISSION, MAX_UPLOAD_BYTES } from "../shared/constants";

export const ticketFull = () => tooLarge("This ticket has reached its limit for attached files");
const diskLow = () => unavailable("The server is out of storage space. Please try again later.");

export type ByteBudget = { take(key: string, bytes: number): number };

/** Bytes per key in a fixed window, held in memory like the request limits of a single process. */
export class ByteWindow implements ByteBudget {
  private used = new Map<string, { bytes: number; resetAt: number }>();
  constructor(
    readonly max: number,
    readonly windowMs: number,
    private now: () => number = Date.now,
  ) {}

  /** Adds bytes to the key's window; returns seconds to wait when that goes over the budget, else 0. */
  take(key: string, bytes: number): number {
    const t = this.now();
    if (this.used.size > 50_000) for (const [k, v] of this.used) if (v.resetAt <= t) this.used.delete(k);
    let entry = this.used.get(key);
    if (!entry || entry.resetAt <= t) {
      entry = { bytes: 0, resetAt: t + this.windowMs };
      this.used.set(key, entry);
    }
    entry.bytes += bytes;
    return entry.bytes > this.max ? (entry.resetAt - t) / 1000 : 0;
  }
}

/** Free bytes for unprivileged writers on the file system holding `dir`. */
function freeBytes(dir: string): number {
  const s = statfsSync(dir);
  return Number(s.bavail) * Number(s.bsize);
}

const DISK_CHECK_EVERY = 4 * 1024 * 1024;

/**
 * The byte budgets of one upload: the sender's address (null for staff), the ticket's remaining
 * room, and the free-disk floor, re-read every few MB. Each chunk is charged before it is written.
 */
export function uploadCharger(o: {
  addressBudget: ByteBudget | null;
  address: string;
  ticketRoom: number;
  dir: string;
  minFreeBytes: number;
}) {
  let total = 0;
  let sinceDiskCheck = 0;
  const checkDisk = () => {
    sinceDiskCheck = 0;
    if (o.minFreeBytes > 0 && freeBytes(o.dir) < o.minFreeBytes) throw diskLow();
  };
  checkDisk();
  return (bytes: number) => {
    total += bytes;
    sinceDiskCheck += bytes;
    if (total > o.ticketRoom) throw ticketFull();
    const wait = o.addressBudget?.take(o.address, bytes) ?? 0;
    if (wait > 0) throw tooMany(wait, "Upload limit reached. Please try again later.");
    if (sinceDiskCheck >= DISK_CHECK_EVERY) checkDisk();
  };
}

/**
 * Memory one upload may hold while it streams to disk: the runtime's read buffer, a chunk in the
 * parser, one being written, and the garbage they leave until it is collected. A small body holds less.
 */
export const UPLOAD_WINDOW = 6 * 1024 * 1024;
/** Seconds a refused upload is asked to wait: long enough for a large upload ahead of it to finish. */
const UPLOAD_RETRY_SECONDS = 5;
const busy = () =>
  unavailable(
    "The server is receiving too many uploads right now. Please try again in a few seconds.",
    UPLOAD_RETRY_SECONDS,
  );

/** Bytes a body declared (Content-Length) or, when it declared none, the most an upload may send. */
export function inFlightShare(contentLength: number | null) {
  const most = MAX_UPLOAD_BYTES * MAX_FILES_PER_SUBMISSION;
  const declared = contentLength === null || !Number.isFinite(contentLength) ? most : contentLength;
  return Math.max(1, Math.min(declared, UPLOAD_WINDOW));
}

/** The server-wide memory set aside for upload bodies being received. */
export interface UploadsInFlight {
  /** Sets `bytes` aside, or returns null when that would go past the total. The function returned gives them back (once). */
  take(bytes: number): (() => void) | null;
  /** Bytes set aside by this process now. */
  readonly held: number;
}

/** One process: the bytes set aside, counted in memory. */
export class LocalUploadsInFlight implements UploadsInFlight {
  held = 0;
  constructor(readonly max: number) {}

  take(bytes: number) {
    if (this.held + bytes > this.max) return null;
    this.held += bytes;
    let given = false;
    return () => {
      if (!given) this.held -= bytes;
      given = true;
    };
  }
}

/** Sets an upload's share aside before its first byte is read, or refuses it with 503 and Retry-After. */
export function reserveUpload(budget: UploadsInFlight, contentLength: number | null): () => void {
  const release = budget.take(inFlightShare(contentLength));
  if (!release) throw busy();
  return release;
}

/**
 * Asks for a collection after every `every` bytes of upload received. Each chunk is garbage once
 * written, but the collector does not weigh the memory behind it, so without this it piles up.
 */
export class CollectAfterBytes {
  private since = 0;
  constructor(
    readonly every: number,
    private collect: () => void = () => Bun.gc(false),
  ) {}

  add(bytes: number) {
    this.since += bytes;
    if (this.since < this.every) return;
    this.since = 0;
    this.collect();
  }
}
