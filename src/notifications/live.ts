import type { Database } from "bun:sqlite";
import { perConnection } from "../../db/client";
import type { NotificationDto } from "../shared/dto";
import type { ScopeRow } from "../tickets/tickets.scope";

type Raw = {
  id: number;
  user_id: number;
  ticket_id: number;
  kind: NotificationDto["kind"];
  actor_name: string | null;
  created_at: number;
  ref: string;
  department: string;
  company_name: string;
  assigned_to: string | null;
};

/** A new bell entry as the hub pushes it: its owner, the ticket's scope columns now, and the entry. */
export type LiveNotification = { userId: number; row: ScopeRow; dto: NotificationDto };

const statements = perConnection((sqlite: Database) => ({
  after: sqlite.prepare<Raw, [number, number]>(
    `SELECT n.id, n.user_id, n.ticket_id, n.kind, n.actor_name, n.created_at, t.ticket_id AS ref,
       t.department, t.company_name, t.assigned_to
     FROM notifications n JOIN tickets t ON t.id = n.ticket_id
     WHERE n.id > ? AND n.in_app = 1 ORDER BY n.id LIMIT ?`,
  ),
  newest: sqlite.prepare<{ hi: number }, []>("SELECT coalesce(max(id), 0) AS hi FROM notifications"),
}));

export const newestNotification = (sqlite: Database) => statements(sqlite).newest.all()[0]!.hi;

/** Bell entries after `id`, oldest first, read by the primary key. */
export function notificationsAfter(sqlite: Database, id: number, limit: number): LiveNotification[] {
  return statements(sqlite)
    .after.all(id, limit)
    .map((r) => ({
      userId: r.user_id,
      row: { department: r.department, companyName: r.company_name, assignedTo: r.assigned_to },
      dto: {
        id: r.id,
        kind: r.kind,
        ticketId: r.ticket_id,
        ticketRef: r.ref,
        actorName: r.actor_name,
        createdAt: new Date(r.created_at).toISOString(),
        read: false,
      },
    }));
}
