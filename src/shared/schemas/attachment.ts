import { z } from "zod";

/** An attachment record, checked before every insert. */
export const attachmentRecordSchema = z.object({
  fileName: z
    .string({ error: "File name is required" })
    .min(1, "File name is required")
    .max(255, "File name is required"),
  originalName: z
    .string({ error: "Original file name is required" })
    .min(1, "Original file name is required")
    .max(255, "Original file name is required"),
  fileSize: z
    .number({ error: "File size must be greater than 0" })
    .int()
    .min(1, "File size must be greater than 0"),
  mimeType: z
    .string({ error: "MIME type is required" })
    .min(1, "MIME type is required")
    .max(100, "MIME type is required"),
  filePath: z
    .string({ error: "File path is required" })
    .min(1, "File path is required")
    .max(500, "File path is required"),
});
