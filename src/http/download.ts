import type { StoredFile } from "../attachments/attachments.service";

const OPAQUE = "application/octet-stream";
const TEXT_TYPES: Record<string, true> = { "text/plain": true, "text/csv": true };

/**
 * Uploaded files are always sent as attachments, never sniffed and never rendered inline: whatever a file
 * holds (HTML in a .txt, script in a .pdf) cannot run on the help desk's origin.
 */
function downloadHeaders(a: {
  originalName: string;
  mimeType: string;
  fileSize: number;
}): Record<string, string> {
  const type = a.mimeType in TEXT_TYPES ? `${a.mimeType}; charset=utf-8` : a.mimeType || OPAQUE;
  const ascii = a.originalName.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  return {
    "Content-Type": type,
    "Content-Length": String(a.fileSize),
    "Content-Disposition": `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(a.originalName)}`,
    "X-Content-Type-Options": "nosniff",
    "Content-Security-Policy": "default-src 'none'; sandbox",
    "Cache-Control": "private, no-store",
  };
}

export const sendDownload = ({ file, meta }: StoredFile) =>
  new Response(file, { status: 200, headers: downloadHeaders({ ...meta, fileSize: file.size }) });
