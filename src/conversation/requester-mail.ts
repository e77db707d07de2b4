import type { TicketRow } from "../../db/schema";
import { type Block, compose, LINK_SLOT, type Mail, urlOf } from "../mail/compose";
import { isLanguage } from "../i18n/languages";
import { translatorFor } from "../i18n/server";
import type { Translator } from "../i18n/translator";
import { portalTexts, type PortalWordingView } from "../shared/portal-wording";

type T = Pick<TicketRow, "ticketId" | "language">;
type Tr = Translator["t"];

/** The requester's own language, as stored on the ticket when they submitted. */
const tr = (ticket: T): Tr => translatorFor(isLanguage(ticket.language) ? ticket.language : "en").t;

/** What the requester can do next: open the private page, and answer by e-mail where inbound mail runs. */
const next = (t: Tr, canReply: boolean): Block[] => [
  { p: t("mail.next"), link: LINK_SLOT },
  ...(canReply ? [{ p: t("mail.canReply") }] : []),
  { p: t("mail.private") },
];

/**
 * The receipt after submitting. It repeats nothing the submitter typed (only the ticket id), so the form
 * cannot be used to send someone else a message that seems to come from us.
 */
export function confirmationMail(ticket: T, canReply: boolean, wording: PortalWordingView): Mail {
  const t = tr(ticket);
  const { ticketId } = ticket;
  const { promise } = portalTexts(t, wording);
  return compose(t("mail.confirmation.subject", { ticketId }), [
    { p: t("mail.hello") },
    { p: t("mail.confirmation.text", { ticketId }) },
    ...(promise ? [{ p: promise }] : []),
    ...next(t, canReply),
  ]);
}

/** A staff member's public reply, with its text, and the names of files too large to attach. */
export function staffReplyMail(
  ticket: T,
  author: string | null,
  text: string,
  canReply: boolean,
  linkedFiles: string[] = [],
): Mail {
  const t = tr(ticket);
  const { ticketId } = ticket;
  const names = linkedFiles.join(", ");
  return compose(t("mail.reply.subject", { ticketId }), [
    { p: t("mail.reply.text", { author: author || t("mail.reply.support"), ticketId }) },
    { quote: text },
    ...(names ? [{ p: t("mail.reply.files", { names }), link: LINK_SLOT }] : []),
    ...next(t, canReply),
  ]);
}

/**
 * One click each, to the private page, which records the answer and asks for an optional comment. Only
 * with a public address: a path the reader cannot click cannot carry the answer either.
 */
const howDidWeDo = (t: Tr): Block[] => [
  { p: t("mail.rate") },
  { p: t("mail.rate.good"), link: `${LINK_SLOT}?rate=good` },
  { p: t("mail.rate.okay"), link: `${LINK_SLOT}?rate=okay` },
  { p: t("mail.rate.bad"), link: `${LINK_SLOT}?rate=bad` },
];

/** The ticket was completed, or closed without action ("burnt", worded neutrally for the requester). */
export function statusMail(
  ticket: T,
  status: "completed" | "burnt",
  canReply: boolean,
  canRate: boolean,
): Mail {
  const t = tr(ticket);
  const { ticketId } = ticket;
  const done = status === "completed";
  return compose(t(done ? "mail.resolved.subject" : "mail.closed.subject", { ticketId }), [
    { p: t(done ? "mail.resolved.text" : "mail.closed.text", { ticketId }) },
    ...(done && canRate ? howDidWeDo(t) : []),
    ...next(t, canReply),
  ]);
}

/** A new private link, after staff resent or reset it. */
export function linkMail(ticket: T, reset: boolean, canReply: boolean): Mail {
  const t = tr(ticket);
  const { ticketId } = ticket;
  return compose(t("mail.link.subject", { ticketId }), [
    { p: t(reset ? "mail.link.reset" : "mail.link.text", { ticketId }) },
    ...next(t, canReply),
  ]);
}

/** To the assignee (or the routing recipients): the requester answered. */
export function requesterReplyNotice(
  t: Pick<TicketRow, "ticketId" | "firstName" | "lastName">,
  text: string,
  viaEmail: boolean,
  publicUrl?: string,
): Mail {
  const link = urlOf(publicUrl, `/admin/tickets/${t.ticketId}`);
  return compose(`[${t.ticketId}] ${t.firstName} ${t.lastName} replied`, [
    { p: `${t.firstName} ${t.lastName} replied to ticket ${t.ticketId}${viaEmail ? " by e-mail" : ""}:` },
    { quote: text },
    link ? { p: "Open the ticket:", link } : { p: `Open ticket ${t.ticketId} in the admin dashboard.` },
  ]);
}
