import type { TicketRow } from "../../db/schema";
import type { Tx } from "../../db/client";
import type { WriteCtx } from "../deps";
import { recordAudit } from "../audit/audit.service";
import { badRequest } from "../errors/domain-error";
import type { CreateTicketInput } from "../shared/schemas/ticket";
import { nextTicketId } from "./ticket-id";
import { submitStatements, type SubmitStatements } from "./tickets.prepared";
import { queueNewTicketMail } from "../mail/new-ticket-mail";
import { clockFields, getServiceLevels } from "../service-levels/sla-settings";
import { mailCtxOf, queueConfirmation } from "../conversation/notify";
import { runAutomations } from "../automation/engine";
import { saveSubmittedFields, type FieldsAudience } from "../custom-fields/submitted";
import type { Language } from "../i18n/languages";
import { officeLanguage } from "../settings/office-language";
import { checkedPhone } from "../settings/phone-rules";
import { idPrefix } from "../settings/id-prefix";

/** A picker value must be an active item of its list; else the field's message. */
function checkPickers(q: SubmitStatements, input: CreateTicketInput) {
  const checks = [
    [q.activeDepartment, input.department, "department", "Department is required"],
    [q.activeType, input.ticketType, "ticketType", "Ticket type is required"],
    [q.activePriority, input.priority, "priority", "Priority is required"],
  ] as const;
  for (const [stmt, name, field, message] of checks)
    if (!stmt.all({ name })[0]) throw badRequest(message, { [field]: message });
}

/**
 * The company must be an active item of the list, chosen by id; its name always comes from the list,
 * so a typed name can never place a ticket in some company's staff scope.
 */
function companyNameFor(q: SubmitStatements, input: CreateTicketInput): string {
  const [row] = input.companyId == null ? [] : q.activeCompany.all({ id: input.companyId });
  if (!row) throw badRequest("Company must be selected", { companyId: "Company must be selected" });
  return row.name;
}

type SubmitInput = WriteCtx & {
  input: CreateTicketInput;
  /** Runs inside the ticket's transaction (a ticket opened by e-mail records its Message-ID there). */
  andThen?: (row: TicketRow) => void;
  /** Send the submitter's receipt (not for mail from a sender nobody vouches for). */
  receipt?: boolean;
  /** How the ticket came in; the portal unless said otherwise. */
  channel?: TicketRow["channel"];
  /** Whose custom fields the form carries (checked and stored); none for tickets opened by e-mail. */
  fieldsFor?: FieldsAudience;
  /** The requester's language, for every e-mail to them; the office default when unknown. */
  language?: Language;
};

/**
 * A new ticket inside the caller's IMMEDIATE transaction: assigns the public id, inserts the
 * ticket, queues the routing e-mails and the submitter's confirmation, and writes the audit row.
 */
function insertSubmission(
  tx: Tx,
  { deps, actor, now, input, andThen, receipt = true, channel = "portal", fieldsFor, language }: SubmitInput,
) {
  const q = submitStatements(deps.db);
  checkPickers(q, input);
  const companyName = companyNameFor(q, input);
  const [row] = q.insertTicket.all({
    ...input,
    ...checkedPhone(tx, input.phone, channel === "portal"),
    companyName,
    companyId: input.companyId ?? null,
    location: input.location || null,
    date: input.date || null,
    time: input.time || null,
    ticketId: nextTicketId(tx, q, now),
    status: "open",
    channel,
    language: language ?? officeLanguage(tx),
    createdAt: now,
    updatedAt: now,
    ...clockFields(getServiceLevels(tx), input.priority, now),
  }) as [TicketRow];
  saveSubmittedFields(tx, deps.reads.cache, row, input.customFields, fieldsFor);
  const { ticketId, department, ticketType, priority } = row;
  recordAudit(
    tx,
    actor,
    {
      action: "created",
      entityType: "ticket",
      entityId: row.id,
      newValue: { ticketId, department, ticketType, priority, companyName },
    },
    now,
  );
  andThen?.(row);
  const mail = mailCtxOf(deps, now);
  const ticket = runAutomations(tx, { trigger: "created", ticket: row, now, env: { mail } });
  const queued =
    queueNewTicketMail(q, ticket, now, mail.publicUrl) + Number(receipt && queueConfirmation(mail, ticket));
  return { ticket, queued };
}

/** A new ticket in a transaction of its own; the mailer is woken after commit. */
export function submitTicket(args: SubmitInput): TicketRow {
  const { ticket, queued } = args.deps.db.transaction((tx) => insertSubmission(tx, args), {
    behavior: "immediate",
  });
  if (queued > 0) args.deps.wakeMailer();
  return ticket;
}

/**
 * A new ticket committed together with the submissions arriving meanwhile (one fsync for many);
 * resolves once its commit is written, and a failing neighbour never fails it.
 */
export async function submitTicketGrouped(args: SubmitInput): Promise<{ id: number; ticketId: string }> {
  // a filled honeypot field: answered like a success, so the bot learns nothing, and nothing is stored
  if (args.input.website)
    return { id: 0, ticketId: `${idPrefix(args.deps.db)}-${args.now.getFullYear()}-000` };
  const { ticket, queued } = await args.deps.groupCommit.run((tx) => insertSubmission(tx, args));
  if (queued > 0) args.deps.wakeMailer();
  return ticket;
}
