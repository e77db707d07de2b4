import { and, asc, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { fileAttachments, type AttachmentRow } from "../../db/schema";

/** A ticket's attachments, oldest first; public callers pass includeInternal: false and the filter is in SQL. */
export function listAttachments({
  db,
  ticketId,
  includeInternal,
}: {
  db: DbOrTx;
  ticketId: number;
  includeInternal: boolean;
}): AttachmentRow[] {
  const where = includeInternal
    ? eq(fileAttachments.ticketId, ticketId)
    : and(eq(fileAttachments.ticketId, ticketId), eq(fileAttachments.isInternal, false));
  return db
    .select()
    .from(fileAttachments)
    .where(where)
    .orderBy(asc(fileAttachments.createdAt), asc(fileAttachments.id))
    .all();
}

export function getAttachment({
  db,
  id,
  includeInternal,
}: {
  db: DbOrTx;
  id: number;
  includeInternal: boolean;
}): AttachmentRow | undefined {
  const where = includeInternal
    ? eq(fileAttachments.id, id)
    : and(eq(fileAttachments.id, id), eq(fileAttachments.isInternal, false));
  return db.select().from(fileAttachments).where(where).get();
}

/** Bytes already stored for a ticket, internal files included (the per-ticket budget counts them all). */
export function ticketAttachmentBytes(db: DbOrTx, ticketId: number): number {
  const row = db
    .select({ n: sql<number>`coalesce(sum(${fileAttachments.fileSize}), 0)` })
    .from(fileAttachments)
    .where(eq(fileAttachments.ticketId, ticketId))
    .get();
  return row?.n ?? 0;
}
