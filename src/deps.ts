import type { Database } from "bun:sqlite";
import type { Config } from "./config";
import type { Db } from "../db/client";
import { PasswordHasher } from "./auth/passwords";
import { createLimiters, type Limiters } from "./limits/limiters";
import { proxyList } from "./runtime/proxy-list";
import type { BlockList } from "node:net";
import { TicketReads } from "./tickets/ticket-reads";
import { CollectAfterBytes, type ByteBudget, type UploadsInFlight } from "./attachments/upload-budget";
import { EventHub } from "./events/hub";
import { GroupCommit, type TakeTurn } from "../db/group-commit";
import { searchIndexBatch } from "../db/search-index";
import { PageCache } from "./runtime/page-cache";
import { ArticleViews } from "./knowledge/article-views";
import type { Actor } from "./audit/audit.service";
import { loadSecretKey, SecretBox } from "./settings/secret-box";

/** Everything a request needs, built once per app instance (no module-level server state). */
export type Deps = {
  config: Config;
  db: Db;
  sqlite: Database;
  now: () => Date;
  passwords: PasswordHasher;
  /** TRUSTED_PROXIES as a matcher, built once. */
  trustedProxies: BlockList;
  limiters: Limiters;
  /** Upload bytes per sender address in the rate-limit window. */
  uploadBytes: ByteBudget;
  /** Every ticket read, with the app's one read cache and its costly-read lane. */
  reads: TicketReads;
  /** Memory set aside for upload bodies being received, server-wide. */
  uploadsInFlight: UploadsInFlight;
  /** Paces collections of the garbage upload chunks leave. */
  uploadCollections: CollectAfterBytes;
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
  /** Pages of one island as sent, per asset version, title, island and props. */
  pageCache: PageCache;
  /** The portal's help pages, kept apart so many articles cannot push the portal's own pages out. */
  helpPages: PageCache;
  /** Help article views of this process not yet written (see ArticleViews). */
  articleViews: ArticleViews;
  /** Seals and opens secrets kept in settings (SSO client secrets, the directory bind password). */
  secrets: SecretBox;
};

/** What a write verb is given beside its input: the app's deps, who acts, and the instant it is judged at. */
export type WriteCtx = { deps: Deps; actor: Actor; now: Date };
/** The same for a verb that needs only the database. */
export type DbWriteCtx = { db: Db; actor: Actor; now: Date };

/**
 * Each of several processes gets its part of a box-wide bound (at least one): the hash slots bound the
 * memory argon2 takes (~7 MiB each), which must not grow with the number of processes.
 */
const share = (total: number, workers: number) => Math.max(1, Math.floor(total / workers));

export function createDeps(input: {
  config: Config;
  db: Db;
  sqlite: Database;
  now?: () => Date;
  assetVersion: string;
  /** The write turn shared with sibling server processes, when there are any. */
  takeWriteTurn?: TakeTurn;
}): Deps {
  const { takeWriteTurn, ...given } = input;
  const { config } = input;
  const now = input.now ?? (() => new Date());
  const ms = () => now().getTime();
  const { streamSlots, ...limits } = createLimiters(config, ms);
  return {
    ...given,
    now,
    passwords: new PasswordHasher(
      share(config.passwordHashConcurrency, config.workers),
      config.passwordHashCost,
      share(config.passwordHashQueue, config.workers),
    ),
    trustedProxies: proxyList(config.trustedProxies),
    ...limits,
    reads: new TicketReads(
      input.db,
      input.sqlite,
      { countCap: config.listCountCap, budgetMs: config.searchBudgetMs, lane: config.expensiveReads },
      ms,
    ),
    groupCommit: new GroupCommit(input.db, input.sqlite, undefined, takeWriteTurn, searchIndexBatch),
    wakeMailer: () => {},
    wakeWebhooks: () => {},
    cache: new Map(),
    assetVersion: input.assetVersion,
    events: new EventHub(input.db, input.sqlite, now, streamSlots),
    pageCache: new PageCache(),
    helpPages: new PageCache(),
    articleViews: new ArticleViews(),
    secrets: new SecretBox(() => loadSecretKey(config)),
    uploadCollections: new CollectAfterBytes(8 * 1024 * 1024),
  };
}
