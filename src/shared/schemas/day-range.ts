import { z } from "zod";

const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** A range of days (YYYY-MM-DD) for figures: from the first instant of `from` to before `to`. */
export const dayRangeSchema = z.object({
  from: z.string().regex(DAY, "from must be a date (YYYY-MM-DD)"),
  to: z.string().regex(DAY, "to must be a date (YYYY-MM-DD)"),
});
