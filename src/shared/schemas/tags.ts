import { z } from "zod";
import { PALETTE_COLORS } from "../constants";

const TAG_MAX = 40;
export const TAGS_PER_TICKET = 20;

/** A tag name: commas separate tags in the URL, so none may hold one. */
export const tagName = z
  .string({ error: "Tag is required" })
  .trim()
  .min(1, "Tag is required")
  .max(TAG_MAX, `A tag has at most ${TAG_MAX} characters`)
  .refine((v) => !v.includes(","), "A tag cannot contain a comma");

export const tagList = z
  .array(tagName, { error: "Tags must be a list" })
  .max(TAGS_PER_TICKET, `At most ${TAGS_PER_TICKET} tags on a ticket`);

/** PUT /api/admin/tickets/:id/tags: the ticket's whole list of tags. */
export const setTagsSchema = z.object({ tags: tagList });

/** PATCH /api/admin/tags/:id: a new name (an existing one merges the two) or colour. */
export const updateTagSchema = z
  .object({ name: tagName.optional(), color: z.enum(PALETTE_COLORS, { error: "Invalid colour" }).optional() })
  .refine((v) => v.name !== undefined || v.color !== undefined, "Nothing to change");

export const tagSearchSchema = z.object({ q: z.string().trim().max(TAG_MAX).optional() });
