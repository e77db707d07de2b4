import { and, eq, inArray } from "drizzle-orm";
import { ticketMessages, tickets, type TicketRow } from "../../db/schema";
import type { Deps } from "../deps";
import { checkSender, parseAuthResults } from "./inbound/auth-results";
import { isReplyToken, plusTokens, replyKey } from "./inbound/reply-token";
import { findTicketRefs } from "./inbound/ticket-ref";
import { mergedTarget } from "../ticket-links/merged";
import { mailDomain } from "./message-id";
import { currentReplyTo } from "../settings/mail-transport";

/** What the mail says about where it came from; all of it is the sender's to write except our server's verdict. */
export type MailOrigin = {
  inReplyTo: string | null;
  references: string[];
  subject: string;
  from: { name: string | null; address: string };
  authResults?: string | null;
  recipients?: string[];
};

export type Trust = {
  ticket: TicketRow | null;
  /** Null for the requester's own reply; otherwise why the sender is unverified (shown to staff). */
  unverified: string | null;
  /** Our receiving server saw the From domain pass DMARC: a receipt may go to it. */
  senderAuthenticated: boolean;
  /** The hourly inbound limit's key: the verified ticket, an authenticated sender, or one shared bucket. */
  limitKey: string;
};

const byPublicId = (deps: Deps, ticketId: string) =>
  deps.db.select().from(tickets).where(eq(tickets.ticketId, ticketId)).get() ?? null;

/** The ticket whose reply token the mail carries: in a Message-ID it answers, or in our plus-address. */
function tokenTicket(deps: Deps, mail: MailOrigin, key: string): TicketRow | null {
  const refs = findTicketRefs(mail, mailDomain(deps.config.mail.from));
  for (const r of refs.replyTo) {
    const t = r.replyToken ? byPublicId(deps, r.ticketId) : null;
    if (t && isReplyToken(key, t, r.replyToken!)) return t;
  }
  // Mail sent before reply tokens: the exact Message-ID we sent, with its 128 random bits, stands for one.
  const ids = [mail.inReplyTo, ...mail.references].filter((x): x is string => !!x).slice(0, 50);
  const sent = ids.length
    ? deps.db
        .select({ ticket: tickets })
        .from(ticketMessages)
        .innerJoin(tickets, eq(tickets.id, ticketMessages.ticketId))
        .where(and(inArray(ticketMessages.messageId, ids), eq(ticketMessages.direction, "out")))
        .get()
    : undefined;
  if (sent) return sent.ticket;
  const plus = plusTokens(mail.recipients ?? [], currentReplyTo(deps));
  if (plus.length === 0) return null;
  const named = [...refs.replyTo.map((r) => r.ticketId), refs.subjectTicketId].filter(
    (x): x is string => !!x,
  );
  for (const id of new Set(named)) {
    const t = byPublicId(deps, id);
    if (t && plus.some((token) => isReplyToken(key, t, token))) return t;
  }
  return null;
}

const sameAddress = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * Which ticket a mail answers and whether it is the requester's own: only the ticket's reply token together
 * with the address on file, and no failure reported by our server, make it so. A `[WI-…]` subject from the
 * address on file still finds the ticket, as an unverified reply for staff to accept or discard.
 */
export function judgeMail(deps: Deps, now: Date, mail: MailOrigin): Trust {
  const from = mail.from.address.toLowerCase();
  const check = checkSender(
    parseAuthResults(mail.authResults ?? null),
    from,
    deps.config.inbound?.authservId,
  );
  const authKey = check.dmarcPass
    ? `from:${from}`
    : check.spfPassEnvelope
      ? `envelope:${check.spfPassEnvelope}`
      : null;
  const shared = { senderAuthenticated: check.dmarcPass, limitKey: authKey ?? "unauthenticated" };
  const failed = check.failed && `The receiving mail server reports ${check.failed} for the sender`;
  const byToken = tokenTicket(deps, mail, replyKey(deps.db, now));
  if (byToken) {
    const stranger =
      !sameAddress(byToken.email, from) && `Sent from ${from}, not the requester's address on file`;
    const unverified = failed || stranger || null;
    return {
      ...shared,
      ticket: mergedTarget(deps.db, byToken),
      unverified,
      limitKey: unverified ? shared.limitKey : `ticket:${byToken.id}`,
    };
  }
  const subjectId = findTicketRefs(mail, mailDomain(deps.config.mail.from)).subjectTicketId;
  const bySubject = subjectId ? byPublicId(deps, subjectId) : null;
  if (bySubject && sameAddress(bySubject.email, from))
    return {
      ...shared,
      ticket: mergedTarget(deps.db, bySubject),
      unverified: failed || "The reply carries no reply token of this ticket",
    };
  return { ...shared, ticket: null, unverified: failed || null };
}
