import { z } from "zod";
import { MAX_UPLOAD_BYTES, PUBLIC_UPLOAD_EXTENSIONS, STAFF_UPLOAD_EXTENSIONS } from "../constants";
import { extensionOf } from "../format";

/** Spec §5 "Attachment record": checked before every insert. */
export const attachmentRecordSchema = z.object({
  fileName: z.string({ error: "File name is required" }).min(1, "File name is required").max(255, "File name is required"),
  originalName: z.string({ error: "Original file name is required" }).min(1, "Original file name is required").max(255, "Original file name is required"),
  fileSize: z.number({ error: "File size must be greater than 0" }).int().min(1, "File size must be greater than 0"),
  mimeType: z.string({ error: "MIME type is required" }).min(1, "MIME type is required").max(100, "MIME type is required"),
  filePath: z.string({ error: "File path is required" }).min(1, "File path is required").max(500, "File path is required"),
});

export type UploadPolicy = "public" | "staff";
export const UPLOAD_EXTENSIONS: Record<UploadPolicy, string[]> = { public: PUBLIC_UPLOAD_EXTENSIONS, staff: STAFF_UPLOAD_EXTENSIONS };

/** Spec §5 messages for one chosen file, or null when it may be sent (the server repeats this check). */
export function uploadProblem(policy: UploadPolicy, file: { name: string; size: number }): { title: string; description: string } | null {
  if (!UPLOAD_EXTENSIONS[policy].includes(extensionOf(file.name)))
    return { title: "File type not allowed", description: `${file.name} is not an accepted file type (${UPLOAD_EXTENSIONS[policy].join(" ")}).` };
  if (file.size > MAX_UPLOAD_BYTES)
    return policy === "public"
      ? { title: "File too large", description: `${file.name} is larger than 10MB and cannot be uploaded.` }
      : { title: "File too large", description: "File size must be less than 10MB" };
  if (file.size < 1) return { title: "Empty file", description: "File size must be greater than 0" };
  return null;
}
