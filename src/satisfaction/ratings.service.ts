import { and, count, eq, gte, lt, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { ticketRatings, tickets, users, type TicketRow, type TicketRatingRow } from "../../db/schema";
import { recordAudit } from "../audit/audit.service";
import { conflict } from "../errors/domain-error";
import { scopeWhere, type ScopeActor } from "../tickets/tickets.scope";
import type { DbWriteCtx } from "../deps";
import type { RatingInput } from "../shared/schemas/satisfaction";

/** How long after the first answer the requester may still change it. */
export const RATING_CHANGEABLE_MS = 7 * 24 * 60 * 60 * 1000;
const immediate = { behavior: "immediate" } as const;

export type RatingDto = {
  rating: TicketRatingRow["rating"];
  comment: string | null;
  ratedAt: string;
  changeableUntil: string;
};
const toDto = (r: TicketRatingRow): RatingDto => ({
  rating: r.rating,
  comment: r.comment,
  ratedAt: r.updatedAt.toISOString(),
  changeableUntil: new Date(r.createdAt.getTime() + RATING_CHANGEABLE_MS).toISOString(),
});

export const ratingOf = (db: DbOrTx, ticketId: number): RatingDto | null => {
  const row = db.select().from(ticketRatings).where(eq(ticketRatings.ticketId, ticketId)).get();
  return row ? toDto(row) : null;
};

/** The holder of the private link answers "How did we do?" for a completed ticket; a later answer replaces it. */
export function rateTicket({ db, actor, now }: DbWriteCtx, ticket: TicketRow, input: RatingInput): RatingDto {
  return db.transaction((tx) => {
    const current = tx
      .select({ status: tickets.status })
      .from(tickets)
      .where(eq(tickets.id, ticket.id))
      .get();
    if (current?.status !== "completed") throw conflict("This ticket can be rated once it is completed");
    const before = tx.select().from(ticketRatings).where(eq(ticketRatings.ticketId, ticket.id)).get();
    if (before && now.getTime() - before.createdAt.getTime() > RATING_CHANGEABLE_MS)
      throw conflict("This answer can no longer be changed");
    const comment = input.comment === undefined ? (before?.comment ?? null) : input.comment || null;
    const row = before
      ? tx
          .update(ticketRatings)
          .set({ rating: input.rating, comment, updatedAt: now })
          .where(eq(ticketRatings.ticketId, ticket.id))
          .returning()
          .get()
      : tx
          .insert(ticketRatings)
          .values({ ticketId: ticket.id, rating: input.rating, comment, createdAt: now, updatedAt: now })
          .returning()
          .get();
    recordAudit(
      tx,
      actor,
      {
        action: "ticket_rated",
        entityType: "ticket",
        entityId: ticket.ticketId,
        oldValue: before ? { rating: before.rating } : null,
        newValue: { rating: row.rating, comment: row.comment !== null },
      },
      now,
    );
    return toDto(row);
  }, immediate);
}

type Tally = { good: number; okay: number; bad: number };
const empty = (): Tally => ({ good: 0, okay: 0, bad: 0 });

/** Answers in a range within the viewer's scope: overall, and by agent, department and request type. */
export function satisfactionFigures(db: DbOrTx, viewer: ScopeActor, from: Date, to: Date) {
  const agent = sql<string>`coalesce(${users.firstName} || ' ' || ${users.lastName}, 'Unassigned')`;
  const by = (key: typeof agent | typeof tickets.department | typeof tickets.ticketType) => {
    const rows = db
      .select({ key, rating: ticketRatings.rating, n: count() })
      .from(ticketRatings)
      .innerJoin(tickets, eq(tickets.id, ticketRatings.ticketId))
      .leftJoin(users, sql`${users.id} = cast(${tickets.assignedTo} as integer)`)
      .where(and(gte(ticketRatings.updatedAt, from), lt(ticketRatings.updatedAt, to), scopeWhere(viewer)))
      .groupBy(key, ticketRatings.rating)
      .all();
    const tallies = new Map<string, Tally>();
    for (const r of rows) {
      const t = tallies.get(r.key) ?? empty();
      t[r.rating] += r.n;
      tallies.set(r.key, t);
    }
    return [...tallies].map(([name, t]) => ({ name, ...t })).sort((a, b) => a.name.localeCompare(b.name));
  };
  const byDepartment = by(tickets.department);
  const total = byDepartment.reduce(
    (t, r) => ({ good: t.good + r.good, okay: t.okay + r.okay, bad: t.bad + r.bad }),
    empty(),
  );
  return { total, byAgent: by(agent), byDepartment, byType: by(tickets.ticketType) };
}
