import { join } from "node:path";
import type { Config } from "../config";
import {
  ByteWindow,
  LocalUploadsInFlight,
  type ByteBudget,
  type UploadsInFlight,
} from "../attachments/upload-budget";
import { RateLimiter, type Limiter } from "./rate-limiter";
import { SharedStore } from "./shared-store";
import { SharedByteWindow, SharedRateLimiter, SharedUploadsInFlight } from "./shared-limiter";
import { LocalStreamSlots, SharedStreamSlots, type StreamSlots } from "./stream-slots";

export type Limiters = {
  publicWrites: Limiter;
  publicSearch: Limiter;
  publicReads: Limiter;
  loginByEmail: Limiter;
  loginByIp: Limiter;
  /** Wrong second-factor codes, per account and per client address (separate from passwords). */
  codeByUser: Limiter;
  codeByIp: Limiter;
  resetByEmail: Limiter;
  resetByIp: Limiter;
  /** Tracking links mailed to one address on file, whoever asks. */
  trackingMailByAddress: Limiter;
};

/**
 * The request limits, the upload budget and the event streams each user may hold. A single process counts in memory (no cost per request);
 * with several processes every count goes to the store they share, or each would allow the full budget.
 */
export function createLimiters(
  config: Config,
  now: () => number,
): {
  limiters: Limiters;
  uploadBytes: ByteBudget;
  uploadsInFlight: UploadsInFlight;
  streamSlots: StreamSlots;
} {
  const rl = config.rateLimit;
  const specs: Record<keyof Limiters, [number, number]> = {
    publicWrites: [rl.publicWrites, rl.windowMs],
    publicSearch: [rl.publicSearch, rl.windowMs],
    publicReads: [rl.publicReads, rl.windowMs],
    loginByEmail: [rl.loginMaxFailures, 15 * 60_000],
    loginByIp: [rl.loginMaxFailures * 4, 15 * 60_000],
    codeByUser: [rl.loginMaxFailures, 15 * 60_000],
    codeByIp: [rl.loginMaxFailures * 4, 15 * 60_000],
    resetByEmail: [rl.passwordResetsPerHour, 3600_000],
    resetByIp: [rl.passwordResetsPerHour * 4, 3600_000],
    trackingMailByAddress: [config.trackingMailsPerAddressPerHour, 3600_000],
  };
  const budget = config.uploads.bytesPerAddress;
  const build = (make: (name: string, max: number, windowMs: number) => Limiter) =>
    Object.fromEntries(
      Object.entries(specs).map(([name, [max, windowMs]]) => [name, make(name, max, windowMs)]),
    ) as unknown as Limiters;
  if (config.workers <= 1)
    return {
      limiters: build((_, max, windowMs) => new RateLimiter(max, windowMs, now)),
      uploadBytes: new ByteWindow(budget, rl.windowMs, now),
      uploadsInFlight: new LocalUploadsInFlight(config.uploads.bytesInFlight),
      streamSlots: new LocalStreamSlots(),
    };
  const store = new SharedStore(join(config.dataDir, "limits.sqlite"), now);
  return {
    limiters: build((name, max, windowMs) => new SharedRateLimiter(store, name, max, windowMs)),
    uploadBytes: new SharedByteWindow(store, budget, rl.windowMs),
    uploadsInFlight: new SharedUploadsInFlight(store, config.uploads.bytesInFlight),
    streamSlots: new SharedStreamSlots(store),
  };
}
