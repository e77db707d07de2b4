import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "../../db/client";
import { fileAttachments } from "../../db/schema";

/** What a reply's e-mail may carry as attachments, all files together; larger sets go as a link. */
const MAIL_ATTACHMENTS_MAX_BYTES = 10 * 1024 * 1024;

export type ReplyFiles = { attach: number[]; linked: string[] };

/**
 * The files a staff reply names, as they go out: only this ticket's files the requester may see (an
 * internal file never leaves), attached while they fit the limit together, else named with a link.
 */
export function replyFiles(db: Db, ticketId: number, ids: number[] | undefined): ReplyFiles {
  if (!ids?.length) return { attach: [], linked: [] };
  const rows = db
    .select({ id: fileAttachments.id, name: fileAttachments.originalName, size: fileAttachments.fileSize })
    .from(fileAttachments)
    .where(
      and(
        inArray(fileAttachments.id, ids),
        eq(fileAttachments.ticketId, ticketId),
        eq(fileAttachments.isInternal, false),
      ),
    )
    .all();
  const total = rows.reduce((sum, r) => sum + r.size, 0);
  if (total <= MAIL_ATTACHMENTS_MAX_BYTES) return { attach: rows.map((r) => r.id), linked: [] };
  return { attach: [], linked: rows.map((r) => r.name) };
}
