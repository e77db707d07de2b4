import type { Deps } from "../deps";
import type { UploadPolicy } from "../shared/upload-rules";
import { ticketAttachmentBytes } from "./attachments.queries";
import { reserveUpload, ticketFull, uploadCharger } from "./upload-budget";
import { receiveUpload } from "./upload-stream";

/**
 * Receives an upload for one ticket within the server's bytes in flight (503 past them, before a byte is
 * read), streaming to disk within the sender's byte budget and the free-disk floor. Files sent before the
 * ticket is named wait in temporary files and count against its room once it is known.
 */
export async function receiveTicketFiles<T extends { id: number }>(o: {
  deps: Deps;
  body: ReadableStream<Uint8Array> | null;
  contentType: string;
  /** The body's declared length, null when it is sent in chunks. */
  contentLength: number | null;
  policy: UploadPolicy;
  fileFields: string[];
  /** The sender's address for the public budget; null for signed-in staff. */
  address: string | null;
  /** The ticket the fields name; null while it may still come (`atEnd` false). Throws when unknown. */
  ticketOf: (fields: Record<string, string>, atEnd: boolean) => T | null;
}) {
  const { config, db } = o.deps;
  let ticket: T | null = null;
  let received = 0;
  let room = Number.POSITIVE_INFINITY;
  const release = reserveUpload(o.deps.uploadsInFlight, o.contentLength);
  try {
    const charge = uploadCharger({
      addressBudget: o.address === null ? null : o.deps.uploadBytes,
      address: o.address ?? "",
      ticketRoom: Number.POSITIVE_INFINITY,
      dir: config.uploadsDir,
      minFreeBytes: config.uploads.minFreeBytes,
    });
    const upload = await receiveUpload({
      body: o.body,
      contentType: o.contentType,
      uploadsDir: config.uploadsDir,
      policy: o.policy,
      fileFields: o.fileFields,
      onFields: (fields, atEnd) => {
        if (ticket) return;
        ticket = o.ticketOf(fields, atEnd);
        if (ticket) room = config.uploads.bytesPerTicket - ticketAttachmentBytes(db, ticket.id);
        if (received > room) throw ticketFull();
      },
      charge: (bytes) => {
        received += bytes;
        if (received > room) throw ticketFull();
        charge(bytes);
        o.deps.uploadCollections.add(bytes);
      },
    });
    return { ticket: ticket! as T, ...upload };
  } finally {
    release();
  }
}
