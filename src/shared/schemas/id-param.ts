import { z } from "zod";

/** A row id in a path: a positive whole number SQLite can hold in 32 bits; anything else is "Invalid id". */
export const idParam = z.object({
  id: z.coerce
    .number({ error: "Invalid id" })
    .int("Invalid id")
    .positive("Invalid id")
    .max(2 ** 31, "Invalid id"),
});
