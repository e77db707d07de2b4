import type { z } from "zod";
import { badRequest } from "../errors/domain-error";
import type { dayRangeSchema } from "../shared/schemas/day-range";

/** The instants a range of days covers: from the start of `from` up to the start of `to`, in UTC. */
export function dayRangeOf(q: z.infer<typeof dayRangeSchema>) {
  const [from, to] = [new Date(`${q.from}T00:00:00Z`), new Date(`${q.to}T00:00:00Z`)];
  if (!(from < to)) throw badRequest("from must be a date before to");
  return { from, to };
}
