import type { EmailRoutingRow, TicketRow } from "../../db/schema";
import type { SubmitStatements } from "../tickets/tickets.prepared";
import { MAILBOX_PATTERN, splitAddresses } from "../shared/format";
import { compose, type Mail, urlOf } from "./compose";

/** Which routing rules a ticket matches, by each rule's condition type. */
export function ruleMatches(
  rule: EmailRoutingRow,
  t: { companyId: number | null; departmentId?: number; typeId?: number },
) {
  const dept = rule.departmentId != null && rule.departmentId === t.departmentId;
  const company = rule.companyId != null && rule.companyId === t.companyId;
  const type = rule.typeId != null && rule.typeId === t.typeId;
  const table = {
    all: true,
    department: dept,
    company,
    both: dept && company,
    type,
    type_company: type && company,
  };
  return table[rule.conditionType] ?? false;
}

export function recipientsOf(rule: EmailRoutingRow) {
  // Rules saved before addresses were checked may still hold a bad one: it is skipped, never sent to.
  return splitAddresses(rule.emailAddresses).filter((a) => MAILBOX_PATTERN.test(a));
}

/** Every ticket field plus the way to the ticket, for the matching rules' recipients. */
export function staffNotification(ticket: TicketRow, publicUrl?: string): Mail {
  const admin = urlOf(publicUrl, `/admin/tickets/${ticket.ticketId}`);
  const fields: [string, string][] = [
    ["Ticket", ticket.ticketId],
    ["From", `${ticket.firstName} ${ticket.lastName}`],
    ["Email", ticket.email],
    ["Phone", ticket.phone],
    ["Company", ticket.companyName],
    ["Location", ticket.location ?? ""],
    ["Department", ticket.department],
    ["Type", ticket.ticketType],
    ["Priority", ticket.priority],
    ["Description", ticket.description],
  ];
  return compose(
    `New ticket ${ticket.ticketId}: ${ticket.ticketType} (${ticket.priority}) from ${ticket.firstName} ${ticket.lastName}`,
    [
      { fields },
      admin
        ? { p: "Open it in the admin dashboard:", link: admin }
        : { p: "Open it in the admin dashboard: the path /admin on the help desk's address." },
    ],
  );
}

/**
 * One outbox row per active matching routing rule, written inside the ticket's transaction; returns how
 * many were queued so the caller wakes the mailer after commit. The requester's receipt is queued by the
 * conversation (it carries their private link).
 */
export function queueNewTicketMail(
  q: SubmitStatements,
  ticket: TicketRow,
  now: Date,
  publicUrl?: string,
): number {
  const queue = (kind: "staff_notification", to: string[], m: Mail) =>
    q.insertOutbox.run({
      ticketId: ticket.id,
      kind,
      recipients: to.join(", "),
      subject: m.subject,
      textBody: m.text,
      htmlBody: m.html,
      nextAttemptAt: now,
      createdAt: now,
    });
  const staff = matchingRecipients(q, ticket);
  const mail = staff.length > 0 ? staffNotification(ticket, publicUrl) : null;
  for (const to of staff) queue("staff_notification", to, mail!);
  return staff.length;
}

const DAY_MS = 24 * 3600_000;

/**
 * At most `perDay` receipts to one address in 24 hours, so the form cannot flood a stranger's inbox.
 * Each ticket from an address is sent one receipt while under the limit, so its tickets of the last
 * 24 hours (this one included, read through the e-mail index) count them; it holds across restarts.
 */
export function confirmationAllowed(q: SubmitStatements, ticket: TicketRow, now: Date, perDay: number) {
  const since = now.getTime() - DAY_MS;
  const [row] = q.ticketsFromEmailSince.all({ email: ticket.email, since, cap: perDay + 1 });
  return (row?.n ?? 0) <= perDay;
}

/** Recipient lists of the active rules that match the ticket; no lookups when there are no rules. */
export function matchingRecipients(q: SubmitStatements, ticket: TicketRow): string[][] {
  const rules = q.activeRules.all();
  if (rules.length === 0) return [];
  const departmentId = q.departmentId.all({ name: ticket.department })[0]?.id;
  const typeId = q.typeId.all({ name: ticket.ticketType })[0]?.id;
  return rules
    .filter((rule) => ruleMatches(rule, { companyId: ticket.companyId, departmentId, typeId }))
    .map(recipientsOf)
    .filter((to) => to.length > 0);
}
