import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { type OutboxRow, tickets } from "../../db/schema";
import { LINK_SLOT, urlOf } from "../mail/compose";
import { mintTicketLink } from "./links";
import { withTrackingLink } from "./tracking-mail";

/**
 * The message as it is sent: a queued requester mail gets a freshly minted private link in place of its
 * slot, so the token exists only in memory and in the sent e-mail. A ticket deleted meanwhile gets none.
 */
export function withPrivateLink(db: Db, row: OutboxRow, now: Date, publicUrl?: string): OutboxRow {
  if (row.kind === "requester_tickets") return withTrackingLink(db, row, now, publicUrl);
  if (row.linkTicketId === null || !row.textBody.includes(LINK_SLOT)) return row;
  const exists = db.select({ id: tickets.id }).from(tickets).where(eq(tickets.id, row.linkTicketId)).get();
  const link = exists
    ? (() => {
        const path = `/t/${mintTicketLink(db, row.linkTicketId, now)}`;
        return urlOf(publicUrl, path) ?? `${path} on the help desk's address`;
      })()
    : "(this ticket no longer exists)";
  return {
    ...row,
    textBody: row.textBody.replaceAll(LINK_SLOT, link),
    htmlBody: row.htmlBody.replaceAll(LINK_SLOT, link),
  };
}
