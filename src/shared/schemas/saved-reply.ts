import { z } from "zod";
import { unknownPlaceholders } from "../placeholders";
import { tagList } from "./tags";

const body = z
  .string({ error: "Text is required" })
  .trim()
  .min(1, "Text is required")
  .max(10_000, "The text has at most 10,000 characters")
  .superRefine((v, ctx) => {
    const unknown = unknownPlaceholders(v);
    if (unknown.length)
      ctx.addIssue({
        code: "custom",
        message: `Unknown placeholder${unknown.length > 1 ? "s" : ""}: ${unknown.join(", ")}`,
      });
  });

/** A saved reply: title, text with placeholders, and what using it also does (status, tags). */
export const savedReplySchema = z.object({
  title: z
    .string({ error: "Title is required" })
    .trim()
    .min(1, "Title is required")
    .max(100, "The title has at most 100 characters"),
  body,
  shared: z.boolean().optional().default(false),
  status: z
    .string()
    .trim()
    .max(100)
    .nullable()
    .optional()
    .default(null)
    .transform((v) => v || null),
  tags: tagList.optional().default([]),
});
export type SavedReplyInput = z.infer<typeof savedReplySchema>;

export const savedReplySearchSchema = z.object({ q: z.string().trim().max(100).optional() });
export const useSavedReplySchema = z.object({
  ticketId: z.number({ error: "Invalid ticket" }).int().positive(),
});
