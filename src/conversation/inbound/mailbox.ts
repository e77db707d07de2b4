/**
 * Reads unread mail in UID order and bounded batches; each is claimed, handled, and only then marked \Seen
 * and moved to Processed. A crash before that delivers it again, so the caller records each Message-ID in
 * the same transaction as what it stores.
 */
import type { ImapFlow } from "imapflow";
import { ClaimTracker, LEFT_KEYWORD } from "./claims";
import { pollBatch } from "./batch";
import type { InboundMessage } from "./parse";
import { type ImapTarget, parseImapUrl } from "./imap-url";

export type InboundItem =
  | { kind: "message"; uid: number; size: number; message: InboundMessage }
  /** Over maxBytes: only the header fields were read (text and attachments are empty). */
  | { kind: "oversized"; uid: number; size: number; message: InboundMessage }
  /** The parser gave up on it; return "leave" to keep it for a person. */
  | { kind: "unreadable"; uid: number; size: number; error: string };

/**
 * stored / ignored / refused: done, marked \Seen and moved to Processed. retry (or a throw): stays unread and
 * comes again next poll. leave: stays unread in the mailbox for a person, and later polls skip it.
 */
export type HandleResult = "stored" | "ignored" | "refused" | "retry" | "leave";
type Handle = (item: InboundItem) => Promise<HandleResult>;

export type PollOptions = {
  maxBytes: number;
  handle: Handle;
  processedFolder?: string;
  /** Messages per batch (one flag fetch, one claim, one download round each). */
  batchSize?: number;
  /** Bytes downloaded at once at most (a single message up to maxBytes always fits). */
  batchBytes?: number;
  /** Keep one tracker across polls so claims of a dead poller are released after its lease. */
  claims?: ClaimTracker;
  now?: () => number;
  /** Checked between batches: a stopping service ends the pass early (what is left comes next time). */
  shouldStop?: () => boolean;
};

export type PollReport = {
  waiting: number;
  delivered: number;
  stored: number;
  ignored: number;
  refused: number;
  retried: number;
  left: number;
  /** Claimed by another poller (or a dead one, within its lease). */
  busy: number;
  errors: string[];
};

const emptyReport = (): PollReport => ({
  waiting: 0,
  delivered: 0,
  stored: 0,
  ignored: 0,
  refused: 0,
  retried: 0,
  left: 0,
  busy: 0,
  errors: [],
});

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|localhost)$/i;

/** imapflow (and its charset tables) loads with the first connection: an office without inbound mail never pays for it. */
export async function imapClient(target: ImapTarget) {
  const { ImapFlow } = await import("imapflow");
  return new ImapFlow({
    host: target.host,
    port: target.port,
    secure: target.secure,
    // imap:// still sends the password encrypted (STARTTLS required) unless the server is on this machine.
    doSTARTTLS: target.secure || LOOPBACK.test(target.host) ? undefined : true,
    auth: { user: target.user, pass: target.pass },
    logger: false,
    disableAutoIdle: true,
  });
}

const knownFolders = new WeakMap<ImapFlow, Set<string>>();

async function ensureFolder(client: ImapFlow, path: string) {
  const known = knownFolders.get(client) ?? new Set();
  if (known.has(path)) return;
  await client.mailboxCreate(path); // answers created: false when it exists
  known.add(path);
  knownFolders.set(client, known);
}

/** One pass over `folder` on a connected client (the mailbox lock is held for the pass). */
export async function pollMailbox(client: ImapFlow, folder: string, opts: PollOptions): Promise<PollReport> {
  const report = emptyReport();
  const processed = opts.processedFolder ?? "Processed";
  const claims = opts.claims ?? new ClaimTracker();
  await ensureFolder(client, processed);
  const lock = await client.getMailboxLock(folder);
  try {
    if (client.mailbox) claims.reset(client.mailbox.uidValidity);
    const found = await client.search({ seen: false, unKeyword: LEFT_KEYWORD }, { uid: true });
    const uids = (found || []).sort((a, b) => a - b);
    report.waiting = uids.length;
    claims.retain(new Set(uids));
    const size = opts.batchSize ?? 100;
    for (let i = 0; i < uids.length && !opts.shouldStop?.(); i += size) {
      await pollBatch(client, uids.slice(i, i + size), { ...opts, processed, claims }, report);
    }
  } finally {
    lock.release();
  }
  return report;
}

/** Connects with `url`, polls once, logs out. */
export async function pollOnce(opts: PollOptions & { url: string }): Promise<PollReport> {
  const target = parseImapUrl(opts.url);
  const client = await imapClient(target);
  await client.connect();
  try {
    return await pollMailbox(client, target.folder, opts);
  } finally {
    await client.logout().catch(() => client.close());
  }
}
