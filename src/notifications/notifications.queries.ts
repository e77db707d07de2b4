import { and, desc, eq, inArray, isNull } from "drizzle-orm";
import type { Db } from "../../db/client";
import { notifications, tickets } from "../../db/schema";
import type { AuthUser, NotificationDto } from "../shared/dto";
import { scopeWhere } from "../tickets/tickets.scope";

const PAGE = 30;
/** The bell shows "99+" past this, so counting stops there. */
const UNREAD_CAP = 100;

/** The bell's own rows on tickets the user may still see (scope is checked on every read). */
const mine = (user: AuthUser) =>
  and(eq(notifications.userId, user.id), eq(notifications.inApp, true), scopeWhere(user));

/** The newest entries of the user's bell and how many are unread. */
export function listNotifications(db: Db, user: AuthUser): { items: NotificationDto[]; unread: number } {
  const items = db
    .select({ n: notifications, ticketRef: tickets.ticketId })
    .from(notifications)
    .innerJoin(tickets, eq(tickets.id, notifications.ticketId))
    .where(mine(user))
    .orderBy(desc(notifications.id))
    .limit(PAGE)
    .all()
    .map(({ n, ticketRef }) => ({
      id: n.id,
      kind: n.kind,
      ticketId: n.ticketId,
      ticketRef,
      actorName: n.actorName,
      createdAt: n.createdAt.toISOString(),
      read: n.readAt !== null,
    }));
  const unread = db
    .select({ id: notifications.id })
    .from(notifications)
    .innerJoin(tickets, eq(tickets.id, notifications.ticketId))
    .where(and(mine(user), isNull(notifications.readAt)))
    .limit(UNREAD_CAP)
    .all().length;
  return { items, unread };
}

/** Marks the given entries (or all of them) read; only the user's own rows are touched. */
export function markRead(db: Db, user: AuthUser, now: Date, ids?: number[]) {
  db.update(notifications)
    .set({ readAt: now })
    .where(
      and(
        eq(notifications.userId, user.id),
        isNull(notifications.readAt),
        ids ? inArray(notifications.id, ids) : undefined,
      ),
    )
    .run();
}
