import { eq } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import { type TicketRow, users } from "../../db/schema";
import { badRequest } from "../errors/domain-error";
import { compose, LINK_SLOT, urlOf, type Block } from "../mail/compose";
import { type MailEnv, queueTicketMail } from "../conversation/thread";
import { MAILBOX_PATTERN } from "../shared/format";

/** What sending a rule's e-mail needs from the app: the sender and whether replies by e-mail come back. */
export type RuleMailEnv = { env: MailEnv; canReply: boolean; publicUrl?: string };

const FILLS: Record<string, (t: TicketRow) => string> = {
  ticketId: (t) => t.ticketId,
  firstName: (t) => t.firstName,
  lastName: (t) => t.lastName,
  status: (t) => t.status,
  priority: (t) => t.priority,
  department: (t) => t.department,
  ticketType: (t) => t.ticketType,
};

/** What the submitter typed: never repeated to the requester's address, which the form lets anyone choose. */
const TYPED = new Set(["firstName", "lastName"]);

/** `{{ticketId}}`-style placeholders filled from the ticket; the private-link marker never survives. */
export const fillTemplate = (text: string, t: TicketRow, toRequester = false) =>
  text
    .replace(/\{\{\s*(\w+)\s*\}\}/g, (all, k: string) =>
      toRequester && TYPED.has(k) ? "" : (FILLS[k]?.(t) ?? all),
    )
    .replaceAll("\u2063", "");

function recipientOf(tx: Tx, t: TicketRow, target: string): { to: string; requester: boolean } {
  if (target === "requester") return { to: t.email, requester: true };
  if (target === "assignee") {
    const id = Number(t.assignedTo);
    const user = t.assignedTo ? tx.select().from(users).where(eq(users.id, id)).get() : undefined;
    if (user?.status !== "active") throw badRequest("The ticket has no active assignee");
    return { to: user.email, requester: false };
  }
  return { to: target, requester: false };
}

/**
 * Queues a rule's e-mail in the outbox inside the rule's savepoint. The requester's copy carries their
 * private link and threads like every requester mail; staff and other addresses get the admin link.
 */
export function queueRuleMail(
  tx: Tx,
  mail: RuleMailEnv | undefined,
  t: TicketRow,
  a: { target?: string; subject?: string; value: string },
  now: Date,
) {
  if (!mail) throw badRequest("E-mail is not set up");
  const { to, requester } = recipientOf(tx, t, a.target?.trim() || "requester");
  if (!MAILBOX_PATTERN.test(to)) throw badRequest(`Cannot send to ${to}`);
  const paragraphs: Block[] = fillTemplate(a.value, t, requester)
    .split(/\n\s*\n/)
    .filter((p) => p.trim())
    .map((p) => ({ p: p.trim() }));
  const adminLink = urlOf(mail.publicUrl, `/admin/tickets/${t.ticketId}`);
  const tail: Block[] = requester
    ? [
        { p: "View your ticket:", link: LINK_SLOT },
        ...(mail.canReply
          ? [{ p: "You can also reply to this e-mail: your answer is added to the ticket." }]
          : []),
        { p: "This link is private to you; please do not forward this e-mail." },
      ]
    : [
        adminLink
          ? { p: "Open the ticket:", link: adminLink }
          : { p: `Open ticket ${t.ticketId} in the admin dashboard.` },
      ];
  const subject = fillTemplate(a.subject?.trim() || `[${t.ticketId}] Update on your ticket`, t, requester);
  queueTicketMail(
    tx as unknown as Db,
    mail.env,
    {
      ticket: t,
      kind: "automation",
      to: [to],
      mail: compose(subject, [...paragraphs, ...tail]),
      withLink: requester,
      inThread: requester,
    },
    now,
  );
}
