import { eq } from "drizzle-orm";
import { fileAttachments, type AttachmentRow, type TicketRow } from "../../db/schema";
import type { Deps } from "../deps";
import { recordAudit, type Actor } from "../audit/audit.service";
import { badRequest, notFound, tooLarge } from "../errors/domain-error";
import { MAX_FILES_PER_SUBMISSION } from "../shared/constants";
import { attachmentRecordSchema } from "../shared/schemas/attachment";
import { uploadProblem, type UploadPolicy } from "../shared/upload-rules";
import { getTicketInScope, type ScopeActor } from "../tickets/tickets.scope";
import { getAttachment } from "./attachments.queries";
import { decideMimeType, generatedName, removeStored, sanitiseFileName, storedPath } from "./storage";

export { listAttachments } from "./attachments.queries";

/** Checks on every file before anything is written; one bad file refuses the whole upload. */
function checkFiles(files: File[], policy: UploadPolicy) {
  if (files.length === 0)
    throw badRequest("Please choose a file to upload", { file: "Please choose a file to upload" });
  if (files.length > MAX_FILES_PER_SUBMISSION)
    throw badRequest(`At most ${MAX_FILES_PER_SUBMISSION} files can be uploaded at once`);
  for (const file of files) {
    const problem = uploadProblem(policy, { name: sanitiseFileName(file.name), size: file.size });
    if (problem)
      throw problem.title === "File too large"
        ? tooLarge(problem.description)
        : badRequest(problem.description, { file: problem.description });
  }
}

type Author = { userEmail: string | null; userName: string | null };

/**
 * Stores files under generated names, then inserts their rows and audit entries in one
 * transaction; files written for a failed insert are removed, so no orphan file stays on disk.
 */
export async function addAttachments({
  deps,
  actor,
  ticket,
  files,
  isInternal,
  policy,
  author,
}: {
  deps: Deps;
  actor: Actor;
  ticket: Pick<TicketRow, "id" | "ticketId">;
  files: File[];
  isInternal: boolean;
  policy: UploadPolicy;
  author?: Author;
}): Promise<AttachmentRow[]> {
  checkFiles(files, policy);
  const now = deps.now();
  const records: {
    fileName: string;
    originalName: string;
    fileSize: number;
    mimeType: string;
    filePath: string;
  }[] = [];
  try {
    for (const file of files) {
      const bytes = new Uint8Array(await file.arrayBuffer());
      const originalName = sanitiseFileName(file.name);
      const fileName = generatedName(originalName);
      records.push(
        attachmentRecordSchema.parse({
          fileName,
          originalName,
          fileSize: bytes.byteLength,
          mimeType: await decideMimeType(originalName, bytes),
          filePath: fileName,
        }),
      );
      await Bun.write(storedPath(deps.config.uploadsDir, fileName)!, bytes); // a generated name is always a plain file name
    }
    return deps.db.transaction((tx) =>
      records.map((r) => {
        const row = tx
          .insert(fileAttachments)
          .values({
            ...r,
            ticketId: ticket.id,
            userId: actor.userId,
            userEmail: author?.userEmail ?? null,
            userName: author?.userName ?? null,
            isInternal,
            createdAt: now,
          })
          .returning()
          .get();
        recordAudit(
          tx,
          actor,
          {
            action: "created",
            entityType: "attachment",
            entityId: row.id,
            newValue: {
              ticketId: ticket.ticketId,
              originalName: row.originalName,
              fileSize: row.fileSize,
              isInternal,
            },
          },
          now,
        );
        return row;
      }),
    );
  } catch (err) {
    await Promise.all(records.map((r) => removeStored(deps.config.uploadsDir, r.filePath)));
    throw err;
  }
}

/** Staff delete: scope-checked, row and audit in one transaction, the file removed after commit. */
export async function deleteAttachment({
  deps,
  actor,
  user,
  id,
}: {
  deps: Deps;
  actor: Actor;
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
      deps.now(),
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
