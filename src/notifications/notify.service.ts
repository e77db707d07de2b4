import { sqliteOf, type DbOrTx } from "../../db/client";
import type { NotificationKind, TicketRow } from "../../db/schema";
import type { NotifyTopic } from "../shared/schemas/notifications";
import { rowInScope } from "../tickets/tickets.scope";
import { isAway, settingsOf } from "./preferences";
import { queueDigest } from "./digest";
import { notifyStatements, toRecipient, type Recipient } from "./statements";

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
  const q = notifyStatements(sqliteOf(tx));
  const withActor = n.actorId === null ? ids : [...ids, n.actorId];
  const rows = q.recipients.all(JSON.stringify(withActor)).map(toRecipient);
  const actor = rows.find((r) => r.id === n.actorId);
  return deliver(
    tx,
    rows.filter((r) => r !== actor),
    n,
    actor ? displayName(actor) : null,
  );
}

function deliver(tx: DbOrTx, rows: Recipient[], n: NotifyInput, actorName: string | null): number[] {
  const q = notifyStatements(sqliteOf(tx));
  const told: number[] = [];
  for (const user of rows) {
    const on = settingsOf(user)[TOPIC[n.kind]];
    if ((!on.app && !on.email) || isAway(user, n.now) || !rowInScope(user, n.ticket)) continue;
    const [row] = q.insert.all(user.id, n.ticket.id, n.kind, actorName, on.app ? 1 : 0, n.now.getTime());
    if (on.email) queueDigest(tx, user, row!.id, n.now);
    told.push(user.id);
  }
  return told;
}
