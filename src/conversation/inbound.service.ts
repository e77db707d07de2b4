import { eq } from "drizzle-orm";
import { companies, inboundSkips, ticketMessages, type TicketRow } from "../../db/schema";
import { SYSTEM_ACTOR, recordAudit } from "../audit/audit.service";
import type { Deps } from "../deps";
import { addNote } from "../notes/notes.service";
import { submitTicket } from "../tickets/tickets.service";
import {
  discardMailFiles,
  internalNote,
  keepMailFiles,
  type MailFile,
  type MailFiles,
  storeMailFiles,
} from "./inbound-files";
import { type MailOrigin, judgeMail, type Trust } from "./inbound-trust";
import { mailCtxOf, queueReplyNotice } from "./notify";
import { recordMessage } from "./thread";
import { holdReply } from "./unverified.service";
import { currentInbound } from "../settings/mail-transport";

/** One received e-mail, already parsed: the reply's own text (quotes and signature removed), never HTML. */
export type InboundMail = MailOrigin & {
  messageId: string;
  text: string;
  attachments: MailFile[];
};
export type InboundResult =
  | { outcome: "stored"; ticketId: string; created: boolean; unverified?: boolean }
  | { outcome: "duplicate" }
  | { outcome: "deferred" }
  | { outcome: "skipped"; reason: string };

const NOTE_MAX = 5000;
const NO_RECEIPT =
  "No receipt was sent: the sender's address could not be verified, and the mail may not be theirs.";

const alreadyHandled = (deps: Deps, messageId: string) =>
  Boolean(
    deps.db
      .select({ id: ticketMessages.id })
      .from(ticketMessages)
      .where(eq(ticketMessages.messageId, messageId))
      .get() ??
      deps.db
        .select({ id: inboundSkips.id })
        .from(inboundSkips)
        .where(eq(inboundSkips.messageId, messageId))
        .get(),
  );

/** Remembers a message that was read but not stored, for the Email tab; once per Message-ID. */
export function recordSkip({
  deps,
  now,
  mail,
  reason,
}: Clock & { mail: Pick<InboundMail, "messageId" | "subject" | "from">; reason: string }) {
  deps.db
    .insert(inboundSkips)
    .values({
      messageId: mail.messageId,
      fromAddress: mail.from.address.slice(0, 254),
      subject: mail.subject.slice(0, 200),
      reason,
      createdAt: now,
    })
    .onConflictDoNothing()
    .run();
}

/** Mail is always received by the system; the job reads the clock once per message. */
type Clock = { deps: Deps; now: Date };

const isDuplicate = (err: unknown) =>
  /UNIQUE constraint failed: ticket_messages\.message_id/.test(String(err));

/**
 * Stores a reply as the requester's note, as an unverified reply held for staff, or as a new ticket, exactly once:
 * the Message-ID is written under a unique constraint in the note's transaction. `admit` spends the hourly budget
 * of the mail's limit key; refused, the mail waits ("deferred").
 */
export async function receiveMail({
  deps,
  now,
  mail,
  admit,
}: Clock & { mail: InboundMail; admit?: (limitKey: string) => boolean }): Promise<InboundResult> {
  if (alreadyHandled(deps, mail.messageId)) return { outcome: "duplicate" };
  const trust = judgeMail(deps, now, mail);
  if (admit && !admit(trust.limitKey)) return { outcome: "deferred" };
  const ticket = trust.ticket;
  const inbound = currentInbound(deps);
  if (!ticket && !inbound?.createTickets) {
    recordSkip({ deps, now, mail, reason: "no matching ticket" });
    return { outcome: "skipped", reason: "no matching ticket" };
  }
  const text = mail.text.trim().slice(0, NOTE_MAX);
  if (!text && mail.attachments.length === 0) {
    recordSkip({ deps, now, mail, reason: "empty message" });
    return { outcome: "skipped", reason: "empty message" };
  }
  const files = await storeMailFiles({
    deps,
    budgetKey: trust.limitKey,
    ticketId: ticket?.id ?? null,
    files: mail.attachments,
  });
  try {
    const result = !ticket
      ? openTicket(deps, now, mail, text, files, trust)
      : trust.unverified
        ? holdReply({ deps, now, ticket, mail, text, files, reason: trust.unverified })
        : addReply(deps, now, ticket, mail, text, files);
    deps.wakeMailer();
    await discardMailFiles(deps.config.uploadsDir, files.dropped);
    return result;
  } catch (err) {
    await discardMailFiles(deps.config.uploadsDir, files.stored);
    if (isDuplicate(err)) return { outcome: "duplicate" };
    throw err;
  }
}

function addReply(
  deps: Deps,
  now: Date,
  ticket: TicketRow,
  mail: InboundMail,
  text: string,
  files: MailFiles,
): InboundResult {
  const ctx = mailCtxOf(deps, now);
  const author = { name: `${ticket.firstName} ${ticket.lastName}`.trim(), email: ticket.email };
  deps.db.transaction(
    () => {
      addNote({
        db: deps.db,
        actor: SYSTEM_ACTOR,
        ticket,
        note: text || "(files only)",
        userName: author.name,
        userEmail: mail.from.address.toLowerCase(),
        userId: null,
        isInternal: false,
        now,
        source: "email",
        andThen: (note) => {
          recordMessage(deps.db, {
            ticketId: ticket.id,
            messageId: mail.messageId,
            direction: "in",
            noteId: note.id,
            now,
          });
          keepMailFiles(deps, { ticket, author, files, now });
          queueReplyNotice(ctx, ticket, note);
        },
      });
    },
    { behavior: "immediate" },
  );
  return { outcome: "stored", ticketId: ticket.ticketId, created: false };
}

/**
 * Mail that answers no ticket opens one, with the sender's name and address and the configured lists. Its
 * receipt goes out only when our server vouches for the From domain: otherwise it could land on a stranger.
 */
function openTicket(
  deps: Deps,
  now: Date,
  mail: InboundMail,
  text: string,
  files: MailFiles,
  trust: Trust,
): InboundResult {
  const defaults = currentInbound(deps)!.defaults as {
    company?: string;
    department: string;
    ticketType: string;
  };
  const company =
    deps.db
      .select()
      .from(companies)
      .where(eq(companies.name, defaults.company ?? ""))
      .get() ?? deps.db.select().from(companies).where(eq(companies.isActive, true)).get();
  const [first, ...rest] = (mail.from.name || mail.from.address.split("@")[0] || "E-mail")
    .trim()
    .split(/\s+/);
  const ticket = submitTicket({
    deps,
    actor: SYSTEM_ACTOR,
    now,
    receipt: trust.senderAuthenticated,
    channel: "email",
    input: {
      firstName: first!.slice(0, 50),
      lastName: (rest.join(" ") || "-").slice(0, 50),
      email: mail.from.address.toLowerCase(),
      phone: "",
      companyId: company?.id ?? null,
      companyName: company?.name ?? "",
      department: defaults.department,
      ticketType: defaults.ticketType,
      priority: "medium",
      description: [mail.subject.trim(), text].filter(Boolean).join("\n\n").slice(0, NOTE_MAX) || "(no text)",
      location: "",
      date: "",
      time: "",
    },
    andThen: (row) => {
      recordMessage(deps.db, {
        ticketId: row.id,
        messageId: mail.messageId,
        direction: "in",
        noteId: null,
        now,
      });
      const author = { name: `${row.firstName} ${row.lastName}`, email: row.email };
      keepMailFiles(deps, { ticket: row, author, files, now });
      if (!trust.senderAuthenticated) internalNote(deps, row, NO_RECEIPT, now);
      recordAudit(
        deps.db,
        SYSTEM_ACTOR,
        { action: "created_from_email", entityType: "ticket", entityId: row.ticketId },
        now,
      );
    },
  });
  return { outcome: "stored", ticketId: ticket.ticketId, created: true };
}
