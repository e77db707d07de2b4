import { z } from "zod";

/** The requester's answer; the comment is optional and can be added after the one-click answer. */
export const ratingSchema = z.object({
  rating: z.enum(["good", "okay", "bad"], { error: "Choose good, okay or bad" }),
  comment: z.string().trim().max(2000, "The comment is too long").optional(),
});
export type RatingInput = z.infer<typeof ratingSchema>;
