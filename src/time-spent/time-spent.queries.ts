import { eq, sum } from "drizzle-orm";
import type { Db } from "../../db/client";
import { ticketNotes } from "../../db/schema";

/** Minutes spent on one ticket, from its replies and notes. */
export const ticketMinutes = (db: Db, ticketId: number): number =>
  Number(
    db
      .select({ m: sum(ticketNotes.minutesSpent) })
      .from(ticketNotes)
      .where(eq(ticketNotes.ticketId, ticketId))
      .get()?.m ?? 0,
  );
