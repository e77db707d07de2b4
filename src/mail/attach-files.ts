import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "../../db/client";
import { fileAttachments, type OutboxRow } from "../../db/schema";
import { storedPath } from "../attachments/storage";

type MailFile = { filename: string; path: string; contentType: string };
/** An outbox row as it is sent: with the ticket's files it names, read from the uploads folder. */
export type OutgoingMail = OutboxRow & { files?: MailFile[] };

/**
 * The files a queued message carries, looked up at send time: a file deleted meanwhile, made internal,
 * or whose stored name is not a file in the uploads folder is left out rather than blocking the mail.
 */
export function withFiles(db: Db, row: OutboxRow, uploadsDir: string | undefined): OutgoingMail {
  const ids = row.attachmentIds;
  if (!ids?.length || !uploadsDir || row.ticketId === null) return row;
  const rows = db
    .select()
    .from(fileAttachments)
    .where(
      and(
        inArray(fileAttachments.id, ids),
        eq(fileAttachments.ticketId, row.ticketId),
        eq(fileAttachments.isInternal, false),
      ),
    )
    .all();
  const files = rows.flatMap((f) => {
    const path = storedPath(uploadsDir, f.filePath);
    return path ? [{ filename: f.originalName, path, contentType: f.mimeType }] : [];
  });
  return { ...row, files };
}
