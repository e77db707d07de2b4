import { and, desc, eq, inArray, isNull } from "drizzle-orm";
import type { Db } from "../../db/client";
import { notifications, tickets } from "../../db/schema";
import type { AuthUser, NotificationDto } from "../shared/dto";
import { scopeWhere } from "../tickets/tickets.scope";
import { newTicketEntries, unreadNewTickets } from "./new-tickets";
import { prefsOf, savePrefs } from "./preferences";

const PAGE = 30;
/** The bell shows "99+" past this, so counting stops there. */
const UNREAD_CAP = 100;

/** The bell's own rows on tickets the user may still see (scope is checked on every read). */
const mine = (user: AuthUser) =>
  and(eq(notifications.userId, user.id), eq(notifications.inApp, true), scopeWhere(user));

/** The newest entries of the user's bell and how many are unread: its own rows beside new tickets. */
export function listNotifications(db: Db, user: AuthUser): { items: NotificationDto[]; unread: number } {
  const prefs = prefsOf(db, user.id);
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
    }))
    .concat(newTicketEntries(db, user, prefs, PAGE))
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id - a.id)
    .slice(0, PAGE);
  const unread = db
    .select({ id: notifications.id })
    .from(notifications)
    .innerJoin(tickets, eq(tickets.id, notifications.ticketId))
    .where(and(mine(user), isNull(notifications.readAt)))
    .limit(UNREAD_CAP)
    .all().length;
  return { items, unread: Math.min(UNREAD_CAP, unread + unreadNewTickets(db, user, prefs, UNREAD_CAP)) };
}

/** Marks the given entries (or all of them, new tickets too) read; only the user's own rows are touched. */
export function markRead(db: Db, user: AuthUser, now: Date, ids?: number[]) {
  db.transaction((tx) => {
    if (!ids) savePrefs(tx, user.id, { newTicketsRead: now });
    tx.update(notifications)
      .set({ readAt: now })
      .where(
        and(
          eq(notifications.userId, user.id),
          isNull(notifications.readAt),
          ids ? inArray(notifications.id, ids) : undefined,
        ),
      )
      .run();
  });
}
