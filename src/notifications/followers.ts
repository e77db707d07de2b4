import { and, eq } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { ticketFollowers } from "../../db/schema";

export const follow = (tx: DbOrTx, ticketId: number, userId: number, now: Date) =>
  tx
    .insert(ticketFollowers)
    .values({ ticketId, userId, createdAt: now })
    .onConflictDoNothing()
    .returning({ userId: ticketFollowers.userId })
    .all().length > 0;

export const unfollow = (tx: DbOrTx, ticketId: number, userId: number) =>
  tx
    .delete(ticketFollowers)
    .where(and(eq(ticketFollowers.ticketId, ticketId), eq(ticketFollowers.userId, userId)))
    .returning({ userId: ticketFollowers.userId })
    .all().length > 0;

export const followerIds = (tx: DbOrTx, ticketId: number) =>
  tx
    .select({ userId: ticketFollowers.userId })
    .from(ticketFollowers)
    .where(eq(ticketFollowers.ticketId, ticketId))
    .all()
    .map((r) => r.userId);

/** A merged ticket's followers follow the ticket it was merged into (once each). */
export function moveFollowers(tx: DbOrTx, from: number, into: number, now: Date) {
  for (const userId of followerIds(tx, from)) follow(tx, into, userId, now);
}
