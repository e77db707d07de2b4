import { eq } from "drizzle-orm";
import { fileAttachments, type AttachmentRow, type TicketRow } from "../../db/schema";
import type { Deps, WriteCtx } from "../deps";
import { recordAudit, type Actor } from "../audit/audit.service";
import type { Tx } from "../../db/client";
import { notFound } from "../errors/domain-error";
import { attachmentRecordSchema } from "../shared/schemas/attachment";
import { getTicketInScope, type ScopeActor } from "../tickets/tickets.scope";
import { getAttachment, ticketAttachmentBytes } from "./attachments.queries";
import { ticketFull } from "./upload-budget";
import type { StagedFile } from "./upload-stream";
import {
  commitTemp,
  decideMimeType,
  generatedName,
  removePath,
  removeStored,
  storedPath,
  syncDir,
} from "./storage";

export { listAttachments } from "./attachments.queries";

type Author = { userEmail: string | null; userName: string | null };

/**
 * Moves received files to generated names (fsync + rename), then inserts their rows and audit
 * entries in one transaction that re-checks the ticket's byte budget; on any failure every file
 * of the upload is removed.
 */
export async function addAttachments({
  deps,
  actor,
  now,
  ticket,
  files,
  isInternal,
  author,
}: WriteCtx & {
  ticket: Pick<TicketRow, "id" | "ticketId">;
  files: StagedFile[];
  isInternal: boolean;
  author?: Author;
}): Promise<AttachmentRow[]> {
  const dir = deps.config.uploadsDir;
  const records: AttachmentRecord[] = [];
  try {
    for (const file of files) {
      const fileName = generatedName(file.originalName);
      const mimeType = await decideMimeType(file.originalName, file.tempPath);
      await commitTemp(file.tempPath, storedPath(dir, fileName)!); // a generated name is always a plain file name
      const { originalName, size: fileSize } = file;
      records.push(
        attachmentRecordSchema.parse({ fileName, originalName, fileSize, mimeType, filePath: fileName }),
      );
    }
    await syncDir(dir);
    return deps.db.transaction(
      (tx) => {
        checkTicketBudget(tx, ticket.id, sum(records), deps.config.uploads.bytesPerTicket);
        return records.map((r) => insertRecord(tx, { actor, ticket, r, isInternal, author, now }));
      },
      { behavior: "immediate" },
    );
  } catch (err) {
    await Promise.all(files.map((f) => removePath(f.tempPath)));
    await Promise.all(records.map((r) => removeStored(dir, r.filePath)));
    throw err;
  }
}

type AttachmentRecord = {
  fileName: string;
  originalName: string;
  fileSize: number;
  mimeType: string;
  filePath: string;
};
const sum = (records: { fileSize: number }[]) => records.reduce((n, r) => n + r.fileSize, 0);

/** A ticket's files may not grow past its byte budget, however many uploads race for it. */
function checkTicketBudget(tx: Tx, ticketId: number, adding: number, limit: number) {
  if (ticketAttachmentBytes(tx, ticketId) + adding > limit) throw ticketFull();
}

function insertRecord(
  tx: Tx,
  a: {
    actor: Actor;
    ticket: Pick<TicketRow, "id" | "ticketId">;
    r: AttachmentRecord;
    isInternal: boolean;
    author?: Author;
    now: Date;
  },
) {
  const row = tx
    .insert(fileAttachments)
    .values({
      ...a.r,
      ticketId: a.ticket.id,
      userId: a.actor.userId,
      userEmail: a.author?.userEmail ?? null,
      userName: a.author?.userName ?? null,
      isInternal: a.isInternal,
      createdAt: a.now,
    })
    .returning()
    .get();
  const newValue = {
    ticketId: a.ticket.ticketId,
    originalName: row.originalName,
    fileSize: row.fileSize,
    isInternal: a.isInternal,
  };
  recordAudit(
    tx,
    a.actor,
    { action: "created", entityType: "attachment", entityId: row.id, newValue },
    a.now,
  );
  return row;
}

/** Staff delete: scope-checked, row and audit in one transaction, the file removed after commit. */
export async function deleteAttachment({
  deps,
  actor,
  now,
  user,
  id,
}: WriteCtx & {
  user: ScopeActor;
  id: number;
}) {
  const row = deps.db.transaction((tx) => {
    const found = getAttachment({ db: tx, id, includeInternal: true });
    if (!found) throw notFound("Attachment");
    getTicketInScope(tx, user, found.ticketId);
    tx.delete(fileAttachments).where(eq(fileAttachments.id, id)).run();
    recordAudit(
      tx,
      actor,
      {
        action: "deleted",
        entityType: "attachment",
        entityId: id,
        oldValue: { ticketId: found.ticketId, originalName: found.originalName },
      },
      now,
    );
    return found;
  });
  await removeStored(deps.config.uploadsDir, row.filePath);
  return row;
}

/** A stored file and what a download needs to describe it; the HTTP layer builds the headers. */
export type StoredFile = {
  file: ReturnType<typeof Bun.file>;
  meta: { originalName: string; mimeType: string };
};

/**
 * The file behind an attachment id, if the caller may have it: public callers never reach internal files,
 * staff only files of tickets in their scope, a private link only its own ticket's.
 */
export async function findAttachmentFile({
  deps,
  id,
  includeInternal,
  scope,
  ticketId,
}: {
  deps: Deps;
  id: number;
  includeInternal: boolean;
  scope?: ScopeActor;
  ticketId?: number;
}): Promise<StoredFile> {
  const row = getAttachment({ db: deps.db, id, includeInternal });
  if (!row || (ticketId !== undefined && row.ticketId !== ticketId)) throw notFound("Attachment");
  if (scope) getTicketInScope(deps.db, scope, row.ticketId);
  const path = storedPath(deps.config.uploadsDir, row.filePath);
  const file = path ? Bun.file(path) : null;
  if (!file || !(await file.exists())) throw notFound("File");
  return { file, meta: { originalName: row.originalName, mimeType: row.mimeType } };
}
