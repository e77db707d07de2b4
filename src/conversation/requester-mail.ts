import type { TicketRow } from "../../db/schema";
import { type Block, compose, LINK_SLOT, type Mail, urlOf } from "../mail/compose";

type T = Pick<TicketRow, "ticketId">;
/** What the requester can do next: open the private page, and answer by e-mail where inbound mail runs. */
const next = (canReply: boolean): Block[] => [
  { p: "View your ticket, follow its progress and add files:", link: LINK_SLOT },
  ...(canReply ? [{ p: "You can also reply to this e-mail: your answer is added to the ticket." }] : []),
  { p: "This link is private to you; please do not forward this e-mail." },
];

/**
 * The receipt after submitting. It repeats nothing the submitter typed (only the ticket id), so the form
 * cannot be used to send someone else a message that seems to come from us.
 */
export function confirmationMail(t: T, canReply: boolean): Mail {
  return compose(`[${t.ticketId}] We received your ticket`, [
    { p: "Hello," },
    {
      p: `We received your request and gave it the ticket ID ${t.ticketId}. Our team responds within 2-4 hours on business days.`,
    },
    ...next(canReply),
  ]);
}

/** A staff member's public reply, with its text. */
export function staffReplyMail(t: T, author: string, text: string, canReply: boolean): Mail {
  return compose(`[${t.ticketId}] New reply to your ticket`, [
    { p: `${author} replied to your ticket ${t.ticketId}:` },
    { quote: text },
    ...next(canReply),
  ]);
}

/**
 * One click each, to the private page, which records the answer and asks for an optional comment. Only
 * with a public address: a path the reader cannot click cannot carry the answer either.
 */
const howDidWeDo: Block[] = [
  { p: "How did we do? One click tells us:" },
  { p: "Good:", link: `${LINK_SLOT}?rate=good` },
  { p: "Okay:", link: `${LINK_SLOT}?rate=okay` },
  { p: "Bad:", link: `${LINK_SLOT}?rate=bad` },
];

/** The ticket was completed, or closed without action ("burnt", worded neutrally for the requester). */
export function statusMail(t: T, status: "completed" | "burnt", canReply: boolean, canRate: boolean): Mail {
  const done = status === "completed";
  return compose(`[${t.ticketId}] ${done ? "Your ticket is resolved" : "Your ticket was closed"}`, [
    {
      p: done
        ? `We marked your ticket ${t.ticketId} as completed. If anything is still not right, let us know.`
        : `Your ticket ${t.ticketId} was closed without further action. If you still need help, let us know.`,
    },
    ...(done && canRate ? howDidWeDo : []),
    ...next(canReply),
  ]);
}

/** A new private link, after staff resent or reset it. */
export function linkMail(t: T, reset: boolean, canReply: boolean): Mail {
  return compose(`[${t.ticketId}] Your link to ticket ${t.ticketId}`, [
    {
      p: reset
        ? `Here is a new private link to your ticket ${t.ticketId}. Earlier links no longer work.`
        : `Here is a private link to your ticket ${t.ticketId}.`,
    },
    ...next(canReply),
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
