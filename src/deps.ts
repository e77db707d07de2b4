import type { Database } from "bun:sqlite";
import type { Config } from "./config";
import type { Db } from "../db/client";
import { PasswordHasher } from "./auth/passwords";
import { RateLimiter } from "./limits/rate-limiter";
import { readAssetVersion } from "./http/assets";
import { proxyList } from "./http/client-ip";
import type { BlockList } from "node:net";
import { ExpensiveReads } from "./http/expensive-reads";
import { ByteWindow } from "./attachments/upload-budget";
import { EventHub } from "./events/hub";
import { GroupCommit } from "../db/group-commit";

/** Everything a request needs, built once per app instance (no module-level server state). */
export type Deps = {
  config: Config;
  db: Db;
  sqlite: Database;
  now: () => Date;
  passwords: PasswordHasher;
  /** TRUSTED_PROXIES as a matcher, built once. */
  trustedProxies: BlockList;
  limiters: {
    publicWrites: RateLimiter;
    publicSearch: RateLimiter;
    publicReads: RateLimiter;
    loginByEmail: RateLimiter;
    loginByIp: RateLimiter;
    /** Wrong second-factor codes, per account and per client address (separate from passwords). */
    codeByUser: RateLimiter;
    codeByIp: RateLimiter;
    resetByEmail: RateLimiter;
    resetByIp: RateLimiter;
  };
  /** Upload bytes per sender address in the rate-limit window. */
  uploadBytes: ByteWindow;
  /** Bounds how many costly staff reads run at once. */
  expensiveReads: ExpensiveReads;
  /** Small writes (submissions, public notes) committed together, one fsync for many. */
  groupCommit: GroupCommit;
  /** Called after a commit that queued mail, so the worker sends without waiting for its next poll. */
  wakeMailer: () => void;
  /** Called after queueing a webhook test delivery, so it goes out at once. */
  wakeWebhooks: () => void;
  /** Small in-process caches keyed by purpose (weather, AI summary). */
  cache: Map<string, { value: unknown; expiresAt: number }>;
  /** Build hash appended to asset URLs (public/build/version.txt). */
  assetVersion: string;
  /** The live event streams of this process and who has which ticket open. */
  events: EventHub;
};

export function createDeps(input: {
  config: Config;
  db: Db;
  sqlite: Database;
  now?: () => Date;
  assetVersion?: string;
}): Deps {
  const { config } = input;
  const now = input.now ?? (() => new Date());
  const ms = () => now().getTime();
  const rl = config.rateLimit;
  return {
    ...input,
    now,
    passwords: new PasswordHasher(
      config.passwordHashConcurrency,
      config.passwordHashCost,
      config.passwordHashQueue,
    ),
    trustedProxies: proxyList(config.trustedProxies),
    limiters: {
      publicWrites: new RateLimiter(rl.publicWrites, rl.windowMs, ms),
      publicSearch: new RateLimiter(rl.publicSearch, rl.windowMs, ms),
      publicReads: new RateLimiter(rl.publicReads, rl.windowMs, ms),
      loginByEmail: new RateLimiter(rl.loginMaxFailures, 15 * 60_000, ms),
      loginByIp: new RateLimiter(rl.loginMaxFailures * 4, 15 * 60_000, ms),
      codeByUser: new RateLimiter(rl.loginMaxFailures, 15 * 60_000, ms),
      codeByIp: new RateLimiter(rl.loginMaxFailures * 4, 15 * 60_000, ms),
      resetByEmail: new RateLimiter(rl.passwordResetsPerHour, 3600_000, ms),
      resetByIp: new RateLimiter(rl.passwordResetsPerHour * 4, 3600_000, ms),
    },
    uploadBytes: new ByteWindow(config.uploads.bytesPerAddress, rl.windowMs, ms),
    expensiveReads: new ExpensiveReads(config.expensiveReads.perUser, config.expensiveReads.total),
    groupCommit: new GroupCommit(input.db, input.sqlite),
    wakeMailer: () => {},
    wakeWebhooks: () => {},
    cache: new Map(),
    assetVersion: input.assetVersion ?? readAssetVersion(),
    events: new EventHub(input.db, input.sqlite, now),
  };
}
