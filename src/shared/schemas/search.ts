import { z } from "zod";
import { SEARCH_TYPES, normaliseQuery, searchProblem } from "../search-rules";

export const searchTicketsSchema = z
  .object({
    type: z.enum(SEARCH_TYPES, { error: "Search type must be ticketId, email or phone" }),
    query: z.string({ error: "Enter Search Value" }).max(254, "Enter Search Value"),
  })
  .superRefine((v, ctx) => {
    const problem = searchProblem(v.type, v.query);
    if (problem) ctx.addIssue({ code: "custom", path: ["query"], message: problem.title });
  })
  .transform((v) => ({ type: v.type, query: normaliseQuery(v.type, v.query) }));
export type SearchTicketsInput = z.infer<typeof searchTicketsSchema>;
