import type { Deps } from "../deps";
import type { UploadPolicy } from "../shared/upload-rules";
import { ticketAttachmentBytes } from "./attachments.queries";
import { uploadCharger } from "./upload-budget";
import { receiveUpload } from "./upload-stream";

/**
 * Receives an upload for one ticket: the ticket is found (from the URL, the query or the fields
 * sent before the first file) before any file byte is stored, then the files stream to disk
 * within the ticket's room, the sender's byte budget (public uploads) and the free-disk floor.
 */
export async function receiveTicketFiles<T extends { id: number }>(o: {
  deps: Deps;
  body: ReadableStream<Uint8Array> | null;
  contentType: string;
  policy: UploadPolicy;
  fileFields: string[];
  /** The sender's address for the public budget; null for signed-in staff. */
  address: string | null;
  ticketOf: (fields: Record<string, string>) => T;
}) {
  const { config, db } = o.deps;
  let ticket: T | null = null;
  let charge: ((bytes: number) => void) | null = null;
  const received = await receiveUpload({
    body: o.body,
    contentType: o.contentType,
    uploadsDir: config.uploadsDir,
    policy: o.policy,
    fileFields: o.fileFields,
    beforeFiles: (fields) => {
      ticket = o.ticketOf(fields);
      charge = uploadCharger({
        addressBudget: o.address === null ? null : o.deps.uploadBytes,
        address: o.address ?? "",
        ticketRoom: config.uploads.bytesPerTicket - ticketAttachmentBytes(db, ticket.id),
        dir: config.uploadsDir,
        minFreeBytes: config.uploads.minFreeBytes,
      });
    },
    charge: (bytes) => charge!(bytes),
  });
  return { ticket: ticket! as T, ...received };
}
