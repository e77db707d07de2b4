/** One batch of unread UIDs: read flags and sizes, claim, download, hand over, then settle each message. */
import type { FetchMessageObject, ImapFlow } from "imapflow";
import { CLAIM_KEYWORD, type ClaimTracker, claim, LEFT_KEYWORD, releaseStale } from "./claims";
import type { HandleResult, InboundItem, PollOptions, PollReport } from "./mailbox";
import { parseMessage } from "./parse";

type BatchOptions = PollOptions & { processed: string; claims: ClaimTracker };
const RESULTS = new Set<HandleResult>(["stored", "ignored", "refused", "retry", "leave"]);
type Meta = { uid: number; size: number; modseq: bigint; flags: Set<string> };

/** The header fields read from a message too large to download. */
const OVERSIZED_HEADERS = [
  "message-id",
  "in-reply-to",
  "references",
  "subject",
  "from",
  "date",
  "content-type",
  "auto-submitted",
  "precedence",
  "x-autoreply",
  "x-autorespond",
  "x-auto-response-suppress",
  "list-id",
  "return-path",
];

/**
 * FETCH for these UIDs. Flag changes made by another session arrive as untagged FETCH responses too, and
 * imapflow yields them alongside: only rows for the UIDs asked for, carrying what was asked for, count.
 */
async function collect(client: ImapFlow, uids: number[], query: object, has: keyof FetchMessageObject) {
  const out: FetchMessageObject[] = [];
  if (!uids.length) return out;
  const wanted = new Set(uids);
  for await (const m of client.fetch(uids.join(","), { uid: true, ...query }, { uid: true }))
    if (wanted.has(m.uid) && m[has] !== undefined && !out.some((o) => o.uid === m.uid)) out.push(m);
  return out;
}

async function metas(client: ImapFlow, uids: number[]): Promise<Meta[]> {
  const rows = await collect(client, uids, { flags: true, size: true }, "size");
  return rows.map((m) => ({
    uid: m.uid,
    size: m.size ?? 0,
    modseq: m.modseq ?? 0n,
    flags: m.flags ?? new Set(),
  }));
}

const maxModseq = (ms: Meta[]) => ms.reduce((a, m) => (m.modseq > a ? m.modseq : a), 0n);

/** Unclaimed messages of the batch, plus those whose claim outlived its lease and could be released. */
async function takeable(client: ImapFlow, uids: number[], opts: BatchOptions, report: PollReport) {
  const all = (await metas(client, uids)).filter((m) => !m.flags.has("\\Seen"));
  const now = (opts.now ?? Date.now)();
  const held = all.filter((m) => m.flags.has(CLAIM_KEYWORD));
  const stale = held.filter((m) => opts.claims.isStale(m.uid, m.modseq, now));
  const released = stale.length
    ? await releaseStale(
        client,
        stale.map((m) => m.uid),
        maxModseq(stale),
      )
    : [];
  report.busy += held.length - released.length;
  const free = all.filter((m) => !m.flags.has(CLAIM_KEYWORD)).concat(await metas(client, released));
  return free.filter((m) => !m.flags.has(CLAIM_KEYWORD) && !m.flags.has("\\Seen"));
}

async function items(client: ImapFlow, mine: Meta[], opts: BatchOptions): Promise<InboundItem[]> {
  const big = mine.filter((m) => m.size > opts.maxBytes);
  const small = mine.filter((m) => m.size <= opts.maxBytes);
  const heads = await collect(
    client,
    big.map((m) => m.uid),
    { headers: OVERSIZED_HEADERS },
    "headers",
  );
  const bodies = await collect(
    client,
    small.map((m) => m.uid),
    { source: true },
    "source",
  );
  const out: InboundItem[] = [];
  for (const m of heads) {
    const message = await parseMessage(Buffer.concat([m.headers ?? Buffer.alloc(0), Buffer.from("\r\n")]));
    out.push({
      kind: "oversized",
      uid: m.uid,
      size: m.size ?? big.find((b) => b.uid === m.uid)?.size ?? 0,
      message,
    });
  }
  for (const m of bodies) {
    const size = m.source?.length ?? 0;
    try {
      out.push({
        kind: "message",
        uid: m.uid,
        size,
        message: await parseMessage(m.source ?? Buffer.alloc(0)),
      });
    } catch (err) {
      out.push({ kind: "unreadable", uid: m.uid, size, error: String((err as Error).message ?? err) });
    }
  }
  return out.sort((a, b) => a.uid - b.uid);
}

/** Download groups: consecutive messages whose sizes add up to batchBytes at most. */
function groups(mine: Meta[], batchBytes: number): Meta[][] {
  const out: Meta[][] = [];
  let cur: Meta[] = [];
  let bytes = 0;
  for (const m of mine) {
    if (cur.length && bytes + m.size > batchBytes) {
      out.push(cur);
      cur = [];
      bytes = 0;
    }
    cur.push(m);
    bytes += m.size;
  }
  if (cur.length) out.push(cur);
  return out;
}

async function settle(client: ImapFlow, outcome: Map<number, HandleResult>, opts: BatchOptions) {
  const of = (...r: HandleResult[]) =>
    [...outcome]
      .filter(([, v]) => r.includes(v))
      .map(([uid]) => uid)
      .join(",");
  const done = of("stored", "ignored", "refused");
  const left = of("leave");
  const back = of("retry", "leave");
  if (done.length) {
    if (!(await client.messageFlagsAdd(done, ["\\Seen"], { uid: true })))
      throw new Error("could not mark handled messages as seen");
    if (!(await client.messageMove(done, opts.processed, { uid: true })))
      throw new Error(`could not move handled messages to ${opts.processed}`);
  }
  if (left.length) await client.messageFlagsAdd(left, [LEFT_KEYWORD], { uid: true });
  if (back.length) await client.messageFlagsRemove(back, [CLAIM_KEYWORD], { uid: true });
}

export async function pollBatch(client: ImapFlow, uids: number[], opts: BatchOptions, report: PollReport) {
  const free = await takeable(client, uids, opts, report);
  if (!free.length) return;
  const mine = new Set(
    await claim(
      client,
      free.map((m) => m.uid),
      maxModseq(free),
    ),
  );
  report.busy += free.length - mine.size;
  const ours = free.filter((m) => mine.has(m.uid));
  for (const group of groups(ours, opts.batchBytes ?? 32 * 1024 * 1024)) {
    const outcome = new Map<number, HandleResult>();
    // A message gone meanwhile (moved by another poller after its own claim) is not downloaded: skipped.
    for (const item of await items(client, group, opts)) {
      report.delivered++;
      let result: HandleResult;
      try {
        result = await opts.handle(item);
        if (!RESULTS.has(result)) throw new Error(`handle answered ${String(result)}`);
      } catch (err) {
        report.errors.push(`uid ${item.uid}: ${(err as Error).message ?? err}`);
        result = "retry";
      }
      outcome.set(item.uid, result);
      const key = result === "retry" ? "retried" : result === "leave" ? "left" : result;
      report[key]++;
    }
    await settle(client, outcome, opts);
  }
}
