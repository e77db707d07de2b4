import { and, eq, gte, isNotNull, lt, sql, sum } from "drizzle-orm";
import type { Db } from "../../db/client";
import { ticketNotes, tickets } from "../../db/schema";
import type { ScopeActor } from "../tickets/tickets.scope";
import { scopeWhere } from "../tickets/tickets.scope";

/** Minutes spent on one ticket, from its replies and notes. */
export const ticketMinutes = (db: Db, ticketId: number): number =>
  Number(
    db
      .select({ m: sum(ticketNotes.minutesSpent) })
      .from(ticketNotes)
      .where(eq(ticketNotes.ticketId, ticketId))
      .get()?.m ?? 0,
  );

const GROUPS = {
  agent: sql<string>`coalesce(${ticketNotes.userName}, '')`,
  company: sql<string>`${tickets.companyName}`,
  type: sql<string>`${tickets.ticketType}`,
};

/** Minutes spent in a period, summed by agent, company or ticket type, over the tickets the viewer may see. */
export function minutesBy(db: Db, viewer: ScopeActor, by: keyof typeof GROUPS, from: Date, to: Date) {
  const key = GROUPS[by];
  return db
    .select({ key, minutes: sql<number>`sum(${ticketNotes.minutesSpent})` })
    .from(ticketNotes)
    .innerJoin(tickets, eq(tickets.id, ticketNotes.ticketId))
    .where(
      and(
        isNotNull(ticketNotes.minutesSpent),
        gte(ticketNotes.createdAt, from),
        lt(ticketNotes.createdAt, to),
        scopeWhere(viewer),
      ),
    )
    .groupBy(key)
    .orderBy(sql`2 desc`)
    .all();
}
