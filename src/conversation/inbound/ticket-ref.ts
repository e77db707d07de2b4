/**
 * Our Message-IDs: `<ticket id.kind.random token[.reply token]@our domain>` (reply token on requester mail).
 * The id alone proves nothing (anyone can write it into In-Reply-To): trust a match only once the full
 * Message-ID is among those we sent, and a subject reference only when the sender is the requester.
 */
const ID_IN_SUBJECT = /\[([A-Z]{1,5}-\d{4}-\d{3,})\]/i;
const OURS =
  /^<?([a-z]{1,5}-\d{4}-\d{3,})\.([a-z][a-z0-9-]{0,31})\.([A-Za-z0-9_-]{8,128})(?:\.([0-9a-f]{32}))?@([^<>@\s]+)>?$/i;
const KIND = /^[a-z][a-z0-9-]{0,31}$/;
const TOKEN = /^[A-Za-z0-9_-]{8,128}$/;

export type OurMessageId = {
  ticketId: string;
  kind: string;
  token: string;
  domain: string;
  /** The ticket's reply token, in the Message-IDs of mail to the requester. */
  replyToken?: string;
};

/** A random token for {@link ticketMessageId}: 16 bytes (128 bits) in base64url. */
export const messageIdToken = () =>
  Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString("base64url");

/** `<wi-2026-001.reply.<token>@domain>`; kind says what the mail was (reply, status, confirmation, …). */
export function ticketMessageId(
  ticketId: string,
  kind: string,
  token: string,
  domain: string,
  replyToken?: string,
): string {
  if (!/^[A-Z]{1,5}-\d{4}-\d{3,}$/i.test(ticketId)) throw new Error(`not a ticket id: ${ticketId}`);
  if (!KIND.test(kind)) throw new Error(`bad Message-ID kind: ${kind}`);
  if (!TOKEN.test(token)) throw new Error("bad Message-ID token");
  if (!/^[A-Za-z0-9.-]+$/.test(domain)) throw new Error(`bad Message-ID domain: ${domain}`);
  if (replyToken !== undefined && !/^[0-9a-f]{32}$/.test(replyToken)) throw new Error("bad reply token");
  const tail = replyToken ? `.${replyToken}` : "";
  return `<${ticketId.toLowerCase()}.${kind}.${token}${tail}@${domain.toLowerCase()}>`;
}

/** The parts of one of our Message-IDs, or null; with `domain`, only ids of that domain count. */
export function parseOurMessageId(id: string, domain?: string): OurMessageId | null {
  const m = OURS.exec(id.trim());
  if (!m) return null;
  const [, ticket, kind, token, reply, host] = m as unknown as [
    string,
    string,
    string,
    string,
    string | undefined,
    string,
  ];
  if (domain && host.toLowerCase() !== domain.toLowerCase()) return null;
  const parts = {
    ticketId: ticket.toUpperCase(),
    kind: kind.toLowerCase(),
    token,
    domain: host.toLowerCase(),
  };
  return reply ? { ...parts, replyToken: reply.toLowerCase() } : parts;
}

/** The ticket id written as `[WI-YYYY-NNN]` in a subject (upper-cased), or null. */
export function ticketIdInSubject(subject: string): string | null {
  const m = ID_IN_SUBJECT.exec(subject);
  return m?.[1] ? m[1].toUpperCase() : null;
}

/**
 * Is this a Message-ID we wrote (mail we sent, come back)? Our exact format on our domain, not merely the
 * domain: an office whose own mail server names its messages after the same domain still reaches us.
 */
export function isOurMessageId(id: string | null | undefined, domain: string): boolean {
  if (!id) return false;
  return parseOurMessageId(id, domain) !== null || /^<outbox-\d+-\d+@helpdesk>$/.test(id.trim());
}

export type TicketRefs = {
  /** Our Message-IDs the mail answers, newest reference first (In-Reply-To, then References from the end). */
  replyTo: (OurMessageId & { messageId: string })[];
  /** `[WI-…]` from the subject: usable only together with a sender check. */
  subjectTicketId: string | null;
};

export function findTicketRefs(
  msg: { inReplyTo: string | null; references: string[]; subject: string },
  domain: string,
): TicketRefs {
  const ids = [msg.inReplyTo, ...[...msg.references].reverse()].filter((x): x is string => !!x);
  const seen = new Set<string>();
  const replyTo: TicketRefs["replyTo"] = [];
  for (const messageId of ids) {
    const parsed = parseOurMessageId(messageId, domain);
    if (!parsed || seen.has(messageId)) continue;
    seen.add(messageId);
    replyTo.push({ ...parsed, messageId });
  }
  return { replyTo, subjectTicketId: ticketIdInSubject(msg.subject) };
}
