import { and, eq, inArray } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import {
  agentPreferences,
  notifications,
  users,
  type NotificationKind,
  type TicketRow,
} from "../../db/schema";
import type { NotifyTopic } from "../shared/schemas/notifications";
import { rowInScope } from "../tickets/tickets.scope";
import { isAway, settingsOf } from "./preferences";
import { queueDigest } from "./digest";

const TOPIC: Record<NotificationKind, NotifyTopic> = {
  assigned: "assigned",
  mentioned: "mentioned",
  requester_replied: "requesterReplied",
  due_soon: "dueTargets",
  breached: "dueTargets",
  new_ticket: "newTicket",
};

export type NotifyInput = {
  kind: NotificationKind;
  ticket: TicketRow;
  userIds: number[];
  /** Who caused it: never told of their own act. */
  actorId: number | null;
  now: Date;
  publicUrl?: string;
};

export const displayName = (u: { firstName: string | null; lastName: string | null; email: string }) =>
  [u.firstName, u.lastName].filter(Boolean).join(" ") || u.email.split("@")[0]!;

/**
 * Tells each active user who may see the ticket, is not away and has the kind switched on, in the
 * caller's transaction; the e-mail joins their waiting digest. Returns who was told.
 */
export function notify(tx: DbOrTx, n: NotifyInput): number[] {
  const ids = [...new Set(n.userIds)].filter((id) => id !== n.actorId);
  if (!ids.length) return [];
  const rows = tx
    .select({ user: users, prefs: agentPreferences })
    .from(users)
    .leftJoin(agentPreferences, eq(agentPreferences.userId, users.id))
    .where(and(inArray(users.id, ids), eq(users.status, "active")))
    .all();
  const actor = n.actorId === null ? undefined : tx.select().from(users).where(eq(users.id, n.actorId)).get();
  const told: number[] = [];
  for (const { user, prefs } of rows) {
    const on = settingsOf(prefs ?? undefined)[TOPIC[n.kind]];
    if ((!on.app && !on.email) || isAway(prefs ?? undefined, n.now) || !rowInScope(user, n.ticket)) continue;
    const row = tx
      .insert(notifications)
      .values({
        userId: user.id,
        ticketId: n.ticket.id,
        kind: n.kind,
        actorName: actor ? displayName(actor) : null,
        inApp: on.app,
        createdAt: n.now,
      })
      .returning({ id: notifications.id })
      .get();
    if (on.email) queueDigest(tx, user, row.id, n.now, n.publicUrl);
    told.push(user.id);
  }
  return told;
}
