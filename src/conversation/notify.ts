import { receiptWording } from "../settings/portal-wording";
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { type NoteRow, type TicketRow, users } from "../../db/schema";
import type { Deps } from "../deps";
import { MAILBOX_PATTERN } from "../shared/format";
import { MAIL_UNDO_MS } from "../shared/constants";
import { getMailSettings } from "../settings/mail-settings";
import { type MailEnv, queueTicketMail, queueTicketMailRow, type TicketMail } from "./thread";
import { replyFiles } from "./reply-files";
import { signatureOf } from "../users/user-signature";
import {
  confirmationMail,
  linkMail,
  requesterReplyNotice,
  staffReplyMail,
  statusMail,
} from "./requester-mail";
import { confirmationAllowed, matchingRecipients } from "../mail/new-ticket-mail";
import { submitStatements } from "../tickets/tickets.prepared";
import { publicUrlOf } from "../settings/public-address";
import { currentReplyTo } from "../settings/mail-transport";

/** What queueing a conversation mail needs from the app; built from deps, passed into transactions. */
export type MailCtx = {
  db: Db;
  env: MailEnv;
  canReply: boolean;
  publicUrl?: string;
  now: Date;
  /** Receipts one address may get in 24 hours. */
  confirmationsPerDay: number;
  /** Staff replies and status mails wait until `until`, and their outbox ids are collected to undo. */
  hold?: HeldMail;
};

type HeldMail = { until: Date; ids: number[] };

/** A hold for the e-mails a staff change queues: they wait a few seconds, so the change can be undone. */
export const undoHold = (now: Date): HeldMail => ({ until: new Date(now.getTime() + MAIL_UNDO_MS), ids: [] });

/** The held e-mails a change queued, as its answer names them for the undo (nothing when none). */
export const heldMailOf = (hold: HeldMail | undefined) =>
  hold?.ids.length ? { ids: hold.ids, until: hold.until.toISOString() } : undefined;

/** A mail staff may still undo: held in the outbox until the hold ends. */
function queueHeld(ctx: MailCtx, m: TicketMail) {
  const notBefore = ctx.hold?.until;
  const { outboxId } = queueTicketMailRow(ctx.db, ctx.env, { ...m, notBefore }, ctx.now);
  ctx.hold?.ids.push(outboxId);
}

export const mailCtxOf = (deps: Deps, now: Date): MailCtx => ({
  db: deps.db,
  env: {
    from: deps.config.mail.from,
    replyTo: currentReplyTo(deps),
    plusAddressing: deps.config.mail.plusAddressing,
  },
  canReply: Boolean(deps.config.inbound),
  publicUrl: publicUrlOf(deps),
  now,
  confirmationsPerDay: deps.config.confirmationsPerAddressPerDay,
});

const toRequester = (t: TicketRow) => (MAILBOX_PATTERN.test(t.email) ? [t.email] : null);

/**
 * The submitter's receipt with their private link; false when switched off, undeliverable, or when the
 * address already had its receipts for the day (the form must not flood a stranger's inbox).
 */
export function queueConfirmation(ctx: MailCtx, ticket: TicketRow): boolean {
  const to = toRequester(ticket);
  if (!to || !getMailSettings(ctx.db).confirmation) return false;
  if (!confirmationAllowed(submitStatements(ctx.db), ticket, ctx.now, ctx.confirmationsPerDay)) return false;
  const mail = confirmationMail(ticket, ctx.canReply, receiptWording(ctx.db, ticket.priority));
  queueTicketMail(
    ctx.db,
    ctx.env,
    { ticket, kind: "submitter_confirmation", to, mail, withLink: true, inThread: true },
    ctx.now,
  );
  return true;
}

/** A public note written by staff goes to the requester; internal notes never leave the building. */
export function queueStaffReply(ctx: MailCtx, ticket: TicketRow, note: NoteRow, fileIds?: number[]): boolean {
  const to = toRequester(ticket);
  if (note.isInternal || note.userId === null || !to || !getMailSettings(ctx.db).staffReply) return false;
  const files = replyFiles(ctx.db, ticket.id, fileIds);
  const signature = signatureOf(ctx.db, note.userId);
  const text = signature ? `${note.note}\n\n-- \n${signature}` : note.note;
  const mail = staffReplyMail(ticket, note.userName, text, ctx.canReply, files.linked);
  const kind = "requester_reply";
  queueHeld(ctx, { ticket, kind, to, mail, withLink: true, inThread: true, attachmentIds: files.attach });
  return true;
}

/** Entering completed or burnt tells the requester, each behind its own switch. */
export function queueStatusMail(ctx: MailCtx, before: TicketRow, after: TicketRow): boolean {
  const status = after.status;
  if (status === before.status || (status !== "completed" && status !== "burnt")) return false;
  const to = toRequester(after);
  const settings = getMailSettings(ctx.db);
  if (!to || !(status === "completed" ? settings.completed : settings.burnt)) return false;
  const mail = statusMail(after, status, ctx.canReply, Boolean(ctx.publicUrl));
  queueHeld(ctx, { ticket: after, kind: "requester_status", to, mail, withLink: true, inThread: true });
  return true;
}

/** Staff asked to send the requester their link (again, or a new one after a reset). */
export function queueLinkMail(ctx: MailCtx, ticket: TicketRow, reset: boolean): boolean {
  const to = toRequester(ticket);
  if (!to) return false;
  const mail = linkMail(ticket, reset, ctx.canReply);
  queueTicketMail(
    ctx.db,
    ctx.env,
    { ticket, kind: "requester_link", to, mail, withLink: true, inThread: true },
    ctx.now,
  );
  return true;
}

/** The requester answered: the assignee hears of it, or, with nobody assigned, the routing recipients. */
export function queueReplyNotice(ctx: MailCtx, ticket: TicketRow, note: NoteRow): boolean {
  if (!getMailSettings(ctx.db).notifyStaffOnReply) return false;
  const assignee = ticket.assignedTo
    ? ctx.db
        .select({ email: users.email, status: users.status })
        .from(users)
        .where(eq(users.id, Number(ticket.assignedTo)))
        .get()
    : undefined;
  const lists =
    assignee?.status === "active" ? [[assignee.email]] : matchingRecipients(submitStatements(ctx.db), ticket);
  const mail = requesterReplyNotice(ticket, note.note, note.source === "email", ctx.publicUrl);
  for (const to of lists)
    queueTicketMail(ctx.db, ctx.env, { ticket, kind: "staff_requester_reply", to, mail }, ctx.now);
  return lists.length > 0;
}
