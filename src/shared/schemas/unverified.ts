import { z } from "zod";

/** Which held e-mail reply of the ticket staff accept or discard. */
export const decideUnverifiedSchema = z.object({
  noteId: z
    .number({ error: "Invalid id" })
    .int("Invalid id")
    .positive("Invalid id")
    .max(2 ** 31, "Invalid id"),
});
