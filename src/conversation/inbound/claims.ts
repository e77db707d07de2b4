/**
 * Claims a message before handling it, so two pollers never deliver the same one: a conditional STORE
 * (UNCHANGEDSINCE) of $HelpdeskClaimed lets exactly one racer win. A dead poller's claim is released,
 * conditionally too, once unchanged for the lease, so the message is offered again.
 */
import type { ImapFlow } from "imapflow";

export const CLAIM_KEYWORD = "$HelpdeskClaimed";
/** Left unread on purpose (for a person to read in the mailbox): later polls skip it. */
export const LEFT_KEYWORD = "$HelpdeskLeft";

type Atom = { type: string; value: string; section?: Atom[] };
type RawResponse = { response: { attributes?: Atom[] }; next: () => void };
/** imapflow's store() returns only a boolean, so the MODIFIED code needs its command runner (untyped there). */
type RawClient = { exec(cmd: string, attrs: unknown[], opts?: object): Promise<RawResponse> };

/** UIDs of an IMAP sequence set such as `2,5:7`. */
function expandSet(set: string): number[] {
  return set.split(",").flatMap((part) => {
    const [a, b] = part.split(":").map(Number) as [number, number | undefined];
    if (b === undefined) return [a];
    const out: number[] = [];
    for (let i = Math.min(a, b); i <= Math.max(a, b); i++) out.push(i);
    return out;
  });
}

const conditional = (client: ImapFlow) =>
  client.enabled.has("CONDSTORE") && !!client.mailbox && !client.mailbox.noModseq;

/**
 * UID STORE ±FLAGS.SILENT keyword, UNCHANGEDSINCE `modseq` when the server keeps mod-sequences.
 * Returns the UIDs the server refused because they changed since. Without CONDSTORE nothing is refused, so two
 * pollers may both take a message; the caller's Message-ID check then keeps the result single.
 */
async function conditionalStore(
  client: ImapFlow,
  uids: number[],
  op: "+" | "-",
  keyword: string,
  modseq: bigint,
) {
  if (!uids.length) return new Set<number>();
  const attrs: unknown[] = [{ type: "SEQUENCE", value: uids.join(",") }];
  if (conditional(client))
    attrs.push([
      { type: "ATOM", value: "UNCHANGEDSINCE" },
      { type: "ATOM", value: modseq.toString() },
    ]);
  attrs.push({ type: "ATOM", value: `${op}FLAGS.SILENT` }, [{ type: "ATOM", value: keyword }]);
  const res = await (client as unknown as RawClient).exec("UID STORE", attrs);
  res.next();
  const code = res.response.attributes?.find((a) => a.section?.[0]?.value?.toUpperCase() === "MODIFIED");
  return new Set(code?.section?.[1]?.value ? expandSet(code.section[1].value) : []);
}

/** Claims the messages none of which changed after `modseq`; returns the UIDs this poller now holds. */
export async function claim(client: ImapFlow, uids: number[], modseq: bigint): Promise<number[]> {
  const refused = await conditionalStore(client, uids, "+", CLAIM_KEYWORD, modseq);
  return uids.filter((u) => !refused.has(u));
}

/** Drops a stale claim unless someone touched the message after `modseq`; returns the UIDs released. */
export async function releaseStale(client: ImapFlow, uids: number[], modseq: bigint): Promise<number[]> {
  const refused = await conditionalStore(client, uids, "-", CLAIM_KEYWORD, modseq);
  return uids.filter((u) => !refused.has(u));
}

/**
 * Remembers, per UID, since when a claim has been seen unchanged (same mod-sequence). The server has no
 * clock for keywords, so a claim's age is what this poller has observed; a fresh tracker starts counting anew.
 */
export class ClaimTracker {
  private seen = new Map<number, { modseq: bigint; since: number }>();
  private uidValidity: bigint | null = null;

  constructor(readonly leaseMs = 5 * 60_000) {}

  /** Forget everything when the mailbox was recreated (UIDs then mean other messages). */
  reset(uidValidity: bigint) {
    if (this.uidValidity !== uidValidity) this.seen.clear();
    this.uidValidity = uidValidity;
  }

  /** Records a claimed message; true once its claim has sat unchanged for the lease. */
  isStale(uid: number, modseq: bigint, now: number): boolean {
    const prev = this.seen.get(uid);
    if (!prev || prev.modseq !== modseq) {
      this.seen.set(uid, { modseq, since: now });
      return this.leaseMs <= 0;
    }
    return now - prev.since >= this.leaseMs;
  }

  /** Drops UIDs no longer waiting in the mailbox. */
  retain(waiting: Set<number>) {
    for (const uid of this.seen.keys()) if (!waiting.has(uid)) this.seen.delete(uid);
  }
}
