import { fileAttachments } from "../../db/schema";
import type { Db } from "../../db/client";
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

/**
 * A reply's attachments under the portal's rules (size, type): allowed ones are written to the uploads folder
 * before the note's transaction, the names of refused ones returned for an internal note.
 */
export async function storeMailFiles(uploadsDir: string, files: MailFile[]) {
  const stored: StoredMailFile[] = [];
  const refused: string[] = [];
  for (const f of files) {
    const originalName = sanitiseFileName(f.filename || "attachment");
    const problem = uploadProblem("public", { name: originalName, size: f.content.byteLength });
    if (problem) {
      refused.push(`${originalName} (${problem.description})`);
      continue;
    }
    const fileName = generatedName(originalName);
    // Written aside, made durable and renamed, as every upload is: a crash never leaves half a file.
    const temp = tempPath(uploadsDir);
    await Bun.write(temp, f.content);
    const mimeType = await decideMimeType(originalName, temp);
    await commitTemp(temp, storedPath(uploadsDir, fileName)!);
    stored.push({ originalName, fileName, fileSize: f.content.byteLength, mimeType });
  }
  if (stored.length > 0) await syncDir(uploadsDir);
  return { stored, refused };
}

/** Rows for files already on disk; call inside the note's transaction. */
export function insertMailFiles(
  db: Db,
  ticketId: number,
  author: { name: string; email: string },
  files: StoredMailFile[],
  now: Date,
) {
  for (const f of files)
    db.insert(fileAttachments)
      .values({
        ...f,
        filePath: f.fileName,
        ticketId,
        userId: null,
        userEmail: author.email,
        userName: author.name,
        isInternal: false,
        createdAt: now,
      })
      .run();
}

/** Files of a message that was not stored after all (a second copy, a failed transaction). */
export const discardMailFiles = (uploadsDir: string, files: StoredMailFile[]) =>
  Promise.all(files.map((f) => removeStored(uploadsDir, f.fileName)));
