import { z } from "zod";
import { oneLine } from "./one-line";

const KB_VISIBILITIES = ["public", "staff"] as const;
const KB_STATUSES = ["draft", "published"] as const;
const MAX_ARTICLE_BYTES = 100_000;

/** An article as an admin writes it; the slug is made from the title when left out. */
export const articleSchema = z.object({
  title: z.string().trim().min(1, "Title is required").max(200, "Title is too long").check(oneLine("Title")),
  body: z.string().max(MAX_ARTICLE_BYTES, "The article is too long"),
  category: z.string().trim().max(80, "Category is too long").check(oneLine("Category")).default(""),
  visibility: z.enum(KB_VISIBILITIES, { error: "Visibility must be public or staff" }).default("public"),
  status: z.enum(KB_STATUSES, { error: "Status must be draft or published" }).default("draft"),
  slug: z
    .string()
    .trim()
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "Slug may hold lower-case letters, digits and dashes")
    .max(120, "Slug is too long")
    .optional(),
});
export type ArticleInput = z.infer<typeof articleSchema>;

export const articleSearchSchema = z.object({
  q: z.string().max(500, "Search is too long").default(""),
  category: z.string().max(80).optional(),
});

/** Staff's article search; `linkable` keeps the articles a requester can open (published and public). */
export const staffArticleSearchSchema = articleSearchSchema.extend({
  linkable: z.enum(["true", "false"], { error: "linkable must be true or false" }).optional(),
});

/** A visitor's answer to the suggestions: one article solved it, or they sent the form anyway. */
export const deflectionSchema = z.discriminatedUnion("outcome", [
  z.object({ outcome: z.literal("solved"), articleId: z.number().int().positive() }),
  z.object({ outcome: z.literal("missed") }),
]);

export const markdownPreviewSchema = z.object({
  body: z.string().max(MAX_ARTICLE_BYTES, "The article is too long"),
});
