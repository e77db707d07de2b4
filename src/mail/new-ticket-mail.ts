import type { EmailRoutingRow, TicketRow } from "../../db/schema";
import type { SubmitStatements } from "../tickets/tickets.prepared";
import { MAILBOX_PATTERN, splitAddresses } from "../shared/format";

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
/** Header values never carry line breaks (no header injection through a ticket field). */
const oneLine = (s: string) => s.replace(/[\r\n]+/g, " ").slice(0, 200);

/** Spec §2 condition types: which rules a ticket matches. */
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

/** A path on the help desk: absolute under PUBLIC_URL, else null (the text then names the path). */
const urlOf = (publicUrl: string | undefined, path: string) =>
  publicUrl ? `${publicUrl.replace(/\/+$/, "")}${path}` : null;

type Block = { p: string; link?: string | null } | { fields: [string, string][] };
type Mail = { subject: string; text: string; html: string };

/** One message as plain text and HTML from the same blocks; every value is escaped in the HTML. */
function compose(subject: string, blocks: Block[]): Mail {
  const text = blocks.map((b) =>
    "fields" in b ? b.fields.map(([k, v]) => `${k}: ${v}`).join("\n") : b.link ? `${b.p}\n${b.link}` : b.p,
  );
  const html = blocks.map((b) => {
    if ("fields" in b)
      return `<table cellpadding="4">${b.fields.map(([k, v]) => `<tr><th align="left" valign="top">${escapeHtml(k)}</th><td style="white-space:pre-wrap">${escapeHtml(v)}</td></tr>`).join("")}</table>`;
    const link = b.link ? ` <a href="${escapeHtml(b.link)}">${escapeHtml(b.link)}</a>` : "";
    return `<p>${escapeHtml(b.p)}${link}</p>`;
  });
  return { subject: oneLine(subject), text: text.join("\n\n") + "\n", html: html.join("\n") };
}

/** Issue 5 Delivery: every ticket field plus the way to /admin, for the matching rules' recipients. */
export function staffNotification(ticket: TicketRow, publicUrl?: string): Mail {
  const admin = urlOf(publicUrl, "/admin");
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
 * The submitter's receipt: the ticket id and how to follow it, in a fixed text. Anyone can type any
 * address into the form, so nothing the visitor wrote (name, description) goes into it.
 */
export function submitterConfirmation(ticket: Pick<TicketRow, "ticketId">, publicUrl?: string): Mail {
  const portal = urlOf(publicUrl, "/");
  const track = `To follow it, open the 'Track Your Tickets' tab of the help desk portal and search by Ticket ID ${ticket.ticketId}`;
  return compose(`We received your ticket ${ticket.ticketId}`, [
    { p: "Hello," },
    {
      p: "Thank you for contacting us. We received your request and our team will respond within 2-4 hours on business days.",
    },
    { fields: [["Ticket ID", ticket.ticketId]] },
    portal ? { p: `${track}:`, link: portal } : { p: `${track}.` },
    { p: "If you did not submit this request, you can ignore this message." },
  ]);
}

/**
 * Contract: E-mail. One outbox row per active matching routing rule plus the submitter's
 * confirmation, written inside the ticket's transaction; returns how many were queued so the
 * caller wakes the mailer after commit.
 */
export function queueNewTicketMail(
  q: SubmitStatements,
  ticket: TicketRow,
  now: Date,
  opts: { publicUrl?: string; confirmationsPerDay: number },
): number {
  const { publicUrl } = opts;
  const queue = (kind: "staff_notification" | "submitter_confirmation", to: string[], m: Mail) =>
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
  if (!MAILBOX_PATTERN.test(ticket.email) || !confirmationAllowed(q, ticket, now, opts.confirmationsPerDay))
    return staff.length;
  queue("submitter_confirmation", [ticket.email], submitterConfirmation(ticket, publicUrl));
  return staff.length + 1;
}

const DAY_MS = 24 * 3600_000;

/**
 * At most `perDay` receipts to one address in 24 hours, so the form cannot flood a stranger's inbox.
 * Each ticket from an address is sent one receipt while under the limit, so its tickets of the last
 * 24 hours (this one included, read through the e-mail index) count them; it holds across restarts.
 */
function confirmationAllowed(q: SubmitStatements, ticket: TicketRow, now: Date, perDay: number) {
  const since = now.getTime() - DAY_MS;
  const [row] = q.ticketsFromEmailSince.all({ email: ticket.email, since });
  return (row?.n ?? 0) <= perDay;
}

/** Recipient lists of the active rules that match the ticket; no lookups when there are no rules. */
function matchingRecipients(q: SubmitStatements, ticket: TicketRow): string[][] {
  const rules = q.activeRules.all();
  if (rules.length === 0) return [];
  const departmentId = q.departmentId.all({ name: ticket.department })[0]?.id;
  const typeId = q.typeId.all({ name: ticket.ticketType })[0]?.id;
  return rules
    .filter((rule) => ruleMatches(rule, { companyId: ticket.companyId, departmentId, typeId }))
    .map(recipientsOf)
    .filter((to) => to.length > 0);
}
