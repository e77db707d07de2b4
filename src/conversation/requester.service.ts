import type { TicketRow } from "../../db/schema";
import { recordAudit } from "../audit/audit.service";
import type { Deps, WriteCtx } from "../deps";
import { notFound } from "../errors/domain-error";
import { addNote } from "../notes/notes.service";
import { addAttachments } from "../attachments/attachments.service";
import { discardOnError, type StagedFile } from "../attachments/upload-stream";
import { revokeTicketLinks, ticketByToken } from "./links";
import { mailCtxOf, queueLinkMail, queueReplyNotice } from "./notify";
import { requesterView } from "./requester-view";
import { mergedTarget } from "../ticket-links/merged";

/** The ticket behind a private link; a wrong, revoked or malformed token is the same 404 as any unknown ticket. */
export function ticketForToken(deps: Deps, token: string): TicketRow {
  const ticket = ticketByToken(deps.db, token);
  if (!ticket) throw notFound("Ticket");
  return mergedTarget(deps.db, ticket);
}

/** The private page's data, or null for any token that opens nothing (the page answers 404). */
export function requesterPage(deps: Deps, token: string) {
  const ticket = ticketByToken(deps.db, token);
  return ticket ? requesterView(deps.db, mergedTarget(deps.db, ticket)) : null;
}

/** The requester signs with the name and e-mail their ticket was opened with. */
const requesterAuthor = (t: TicketRow) => ({
  userName: `${t.firstName} ${t.lastName}`.trim(),
  userEmail: t.email,
});

/** The requester answers on their private page: a public note in their own name, and staff are told. */
export function replyAsRequester({
  deps,
  actor,
  now,
  ticket,
  note,
  source = "web",
}: WriteCtx & {
  ticket: TicketRow;
  note: string;
  source?: "web" | "email";
}) {
  const mail = mailCtxOf(deps, now);
  const row = addNote({
    db: deps.db,
    actor,
    ticket,
    note,
    ...requesterAuthor(ticket),
    userId: null,
    isInternal: false,
    now,
    source,
    andThen: (saved) => queueReplyNotice(mail, ticket, saved),
  });
  deps.wakeMailer();
  return row;
}

/** The requester's files from their private page: never internal; staged files are removed when the write fails. */
export function addRequesterFiles({
  ticket,
  files,
  ...ctx
}: WriteCtx & { ticket: TicketRow; files: StagedFile[] }) {
  return discardOnError(files, () =>
    addAttachments({ ...ctx, ticket, files, isInternal: false, author: requesterAuthor(ticket) }),
  );
}

/**
 * Staff send the requester a private link: "resend" adds one, "reset" first revokes every earlier link so
 * they stop working at once. The link itself is minted when the e-mail is sent.
 */
export function sendTicketLink({
  deps,
  actor,
  now,
  ticket,
  reset,
}: WriteCtx & {
  ticket: TicketRow;
  reset: boolean;
}): boolean {
  const mail = mailCtxOf(deps, now);
  const queued = deps.db.transaction(
    (tx) => {
      if (reset) revokeTicketLinks(tx, ticket.id, now);
      const sent = queueLinkMail(mail, ticket, reset);
      recordAudit(
        tx,
        actor,
        { action: reset ? "link_reset" : "link_resent", entityType: "ticket", entityId: ticket.ticketId },
        now,
      );
      return sent;
    },
    { behavior: "immediate" },
  );
  deps.wakeMailer();
  return queued;
}
