import { fileAttachments, type TicketRow } from "../../db/schema";
import { SYSTEM_ACTOR } from "../audit/audit.service";
import { addNote } from "../notes/notes.service";
import type { Db } from "../../db/client";
import { ticketAttachmentBytes } from "../attachments/attachments.queries";
import { ticketFull, uploadCharger } from "../attachments/upload-budget";
import type { Deps } from "../deps";
import { MAX_FILES_PER_SUBMISSION } from "../shared/constants";
import {
  commitTemp,
  syncDir,
  tempPath,
  decideMimeType,
  generatedName,
  removeStored,
  sanitiseFileName,
  storedPath,
} from "../attachments/storage";
import { uploadProblem } from "../shared/upload-rules";

export type MailFile = { filename: string; content: Uint8Array };
export type StoredMailFile = { originalName: string; fileName: string; fileSize: number; mimeType: string };

/** Why one file of a mail may not be kept, by the portal's rules and budgets; null when it may. */
function fileProblem(name: string, size: number, index: number, charge: () => (bytes: number) => void) {
  if (index >= MAX_FILES_PER_SUBMISSION) return `more than ${MAX_FILES_PER_SUBMISSION} files in one message`;
  const problem = uploadProblem("public", { name, size });
  if (problem) return problem.description;
  try {
    charge()(size);
    return null;
  } catch (err) {
    return (err as Error).message;
  }
}

/**
 * A mail's attachments under the portal's rules and budgets (count, size, type, the ticket's bytes, the
 * sender's bytes, the free-disk floor): allowed ones are written to the uploads folder before the note's
 * transaction, the names of refused ones returned with the reason for an internal note.
 */
export async function storeMailFiles(o: {
  deps: Deps;
  /** Whose byte budget the files spend: the same key as the inbound limit. */
  budgetKey: string;
  ticketId: number | null;
  files: MailFile[];
}) {
  const { config, db } = o.deps;
  const uploadsDir = config.uploadsDir;
  const stored: StoredMailFile[] = [];
  const refused: string[] = [];
  const room = config.uploads.bytesPerTicket - (o.ticketId ? ticketAttachmentBytes(db, o.ticketId) : 0);
  let used = 0;
  const charge = () =>
    uploadCharger({
      addressBudget: o.deps.uploadBytes,
      address: `mail:${o.budgetKey}`,
      ticketRoom: room - used,
      dir: uploadsDir,
      minFreeBytes: config.uploads.minFreeBytes,
    });
  for (const [index, f] of o.files.entries()) {
    const originalName = sanitiseFileName(f.filename || "attachment");
    const problem = fileProblem(originalName, f.content.byteLength, index, charge);
    if (problem) {
      refused.push(`${originalName} (${problem})`);
      continue;
    }
    used += f.content.byteLength;
    const fileName = generatedName(originalName);
    // Written aside, made durable and renamed, as every upload is: a crash never leaves half a file.
    const temp = tempPath(uploadsDir);
    await Bun.write(temp, f.content);
    const mimeType = await decideMimeType(originalName, temp);
    await commitTemp(temp, storedPath(uploadsDir, fileName)!);
    stored.push({ originalName, fileName, fileSize: f.content.byteLength, mimeType });
  }
  if (stored.length > 0) await syncDir(uploadsDir);
  return { stored, refused, dropped: [] as StoredMailFile[] };
}
export type MailFiles = Awaited<ReturnType<typeof storeMailFiles>>;

/**
 * Rows for the stored files that still fit the ticket's bytes, re-checked in the note's transaction as every
 * upload is; the rest move to `dropped` (removed after commit), and every refused file is named in a staff note.
 */
export function keepMailFiles(
  deps: Deps,
  o: {
    ticket: TicketRow;
    author: { name: string; email: string };
    files: MailFiles;
    now: Date;
    isInternal?: boolean;
  },
): number[] {
  let room = deps.config.uploads.bytesPerTicket - ticketAttachmentBytes(deps.db, o.ticket.id);
  const fits: StoredMailFile[] = [];
  for (const f of o.files.stored) {
    if (f.fileSize > room) o.files.dropped.push(f);
    else {
      fits.push(f);
      room -= f.fileSize;
    }
  }
  const full = o.files.dropped.map((f) => `${f.originalName} (${ticketFull().message})`);
  noteRefused(deps, o.ticket, [...o.files.refused, ...full], o.now);
  return insertMailFiles(deps.db, o.ticket.id, o.author, fits, o.now, o.isInternal);
}

function insertMailFiles(
  db: Db,
  ticketId: number,
  author: { name: string; email: string },
  files: StoredMailFile[],
  now: Date,
  isInternal = false,
): number[] {
  return files.map(
    (f) =>
      db
        .insert(fileAttachments)
        .values({
          ...f,
          filePath: f.fileName,
          ticketId,
          userId: null,
          userEmail: author.email,
          userName: author.name,
          isInternal,
          createdAt: now,
        })
        .returning({ id: fileAttachments.id })
        .get().id,
  );
}

/** Files of a message that was not stored after all (a second copy, a failed transaction). */
export const discardMailFiles = (uploadsDir: string, files: StoredMailFile[]) =>
  Promise.all(files.map((f) => removeStored(uploadsDir, f.fileName)));

export function internalNote(deps: Deps, ticket: TicketRow, note: string, now: Date) {
  addNote({
    db: deps.db,
    actor: SYSTEM_ACTOR,
    ticket,
    note,
    userName: "Helpdesk",
    userEmail: null,
    userId: null,
    isInternal: true,
    now,
  });
}

/** The staff-visible note naming the files of a mail that were not kept, and why. */
function noteRefused(deps: Deps, ticket: TicketRow, refused: string[], now: Date) {
  const text = `Attachments refused from the requester's e-mail: ${refused.join(", ")}`.slice(0, 5000);
  if (refused.length > 0) internalNote(deps, ticket, text, now);
}
