import { and, desc, eq } from "drizzle-orm";
import type { Tx } from "../../db/client";
import { tickets, type TicketRow } from "../../db/schema";
import type { Deps } from "../deps";
import { notFound } from "../errors/domain-error";
import { log } from "../log";
import type { MyTicketsDto, TrackedTicketDto, VerifiedSearchDto } from "../shared/dto";
import { iso } from "../shared/dto";
import { MAILBOX_PATTERN } from "../shared/format";
import type { SearchTicketsInput } from "../shared/schemas/search";
import { maskEmail } from "../tickets/tickets.dto";
import { searchPublicTickets } from "../tickets/tickets.public-queries";
import { mintTicketLink } from "./links";
import { mailCtxOf, queueLinkMail } from "./notify";
import { queueMyTicketsMail } from "./tracking-mail";
import type { Language } from "../i18n/languages";
import { trackingLinkOf } from "./tracking-links";
import { currentReplyTo } from "../settings/mail-transport";

const MAILED_MESSAGE = "If we have tickets for this, we have e-mailed a link.";
const LINK_SENT_MESSAGE = "If this ticket has an e-mail address on file, we have sent its link there.";
/** Different addresses one phone number's search may mail; a shared phone cannot fan out further. */
const ADDRESSES_PER_PHONE = 3;

/** What a ticket number alone shows in verified mode: built by allow-list, nothing typed in the form. */
const toTrackedTicket = (t: TicketRow): TrackedTicketDto => ({
  ticketId: t.ticketId,
  status: t.status,
  ticketType: t.ticketType,
  createdAt: iso(t.createdAt)!,
  updatedAt: iso(t.updatedAt)!,
  requester: maskEmail(t.email),
});

/**
 * Mail work is queued for after the answer: the caller's answer, status and timing never depend on
 * whether anything was found. Each address gets at most its hourly budget of such mails.
 */
function later(deps: Deps, work: (tx: Tx, allowed: (email: string) => boolean) => number) {
  const allowed = (email: string) =>
    MAILBOX_PATTERN.test(email) && deps.limiters.trackingMailByAddress.hit(email.toLowerCase()) === 0;
  deps.groupCommit
    .run((tx) => work(tx, allowed))
    .then((queued) => queued > 0 && deps.wakeMailer())
    .catch((error) => log.warn("tracking mail not queued", { error: String(error) }));
}

/** Verified search: the status of a ticket number; for an e-mail or phone, a "My tickets" link to each address. */
export function verifiedSearch(
  deps: Deps,
  input: SearchTicketsInput,
  now: Date,
  language: Language = "en",
): VerifiedSearchDto {
  if (input.type === "ticketId")
    return {
      mode: "verified",
      tickets: searchPublicTickets(deps.db, input).map(toTrackedTicket),
      message: null,
    };
  const env = { from: deps.config.mail.from, replyTo: currentReplyTo(deps) };
  later(deps, (tx, allowed) => {
    const found = searchPublicTickets(deps.db, input).map((t) => t.email.toLowerCase());
    const addresses = [...new Set(found)].slice(0, ADDRESSES_PER_PHONE).filter(allowed);
    for (const email of addresses) queueMyTicketsMail(tx, env, email, now, language);
    return addresses.length;
  });
  return { mode: "verified", tickets: [], message: MAILED_MESSAGE };
}

/** "E-mail me the link": the ticket's private link goes to the address on file, never anywhere else. */
export function mailLinkByNumber(deps: Deps, ticketId: string, now: Date) {
  later(deps, (_tx, allowed) => {
    const [ticket] = searchPublicTickets(deps.db, { type: "ticketId", query: ticketId });
    if (!ticket || !allowed(ticket.email)) return 0;
    return Number(queueLinkMail(mailCtxOf(deps, now), ticket, false));
  });
  return { message: LINK_SENT_MESSAGE };
}

const liveAddress = (deps: Deps, token: string, now: Date) => {
  const link = trackingLinkOf(deps.db, token, now);
  if (!link) throw notFound("Link");
  return link;
};

/** The "My tickets" page: the tickets of the link's one address, newest first. */
export function myTickets(deps: Deps, token: string, now: Date): MyTicketsDto {
  const { email, expiresAt } = liveAddress(deps, token, now);
  const rows = searchPublicTickets(deps.db, { type: "email", query: email });
  const list = rows.map((r) => {
    const { requester: _masked, ...t } = toTrackedTicket(r);
    return { ...t, summary: r.description.slice(0, 140) };
  });
  return { email, expiresAt: iso(expiresAt)!, tickets: list };
}

/** The "My tickets" page's data, or null for any token that opens nothing (the page answers 404). */
export function myTicketsPage(deps: Deps, token: string, now: Date): MyTicketsDto | null {
  return trackingLinkOf(deps.db, token, now) ? myTickets(deps, token, now) : null;
}

/** Opens one of the address's tickets: a fresh private link, for that address's tickets only. */
export function openFromMyTickets(deps: Deps, token: string, ticketId: string, now: Date) {
  const { email } = liveAddress(deps, token, now);
  const row = deps.db
    .select({ id: tickets.id })
    .from(tickets)
    .where(and(eq(tickets.ticketId, ticketId), eq(tickets.email, email)))
    .orderBy(desc(tickets.id))
    .get();
  if (!row) throw notFound("Ticket");
  return { privateLink: `/t/${mintTicketLink(deps.db, row.id, now)}` };
}
