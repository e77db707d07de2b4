import type { Database } from "bun:sqlite";
import { perConnection } from "../../db/client";
import type { NotifyPrefs } from "../../db/schema";

/** A possible recipient as the fan-out reads them: scope columns, switches and away dates. */
export type Recipient = {
  id: number;
  email: string;
  language: string | null;
  firstName: string | null;
  lastName: string | null;
  role: "admin" | "staff";
  canViewAllTickets: boolean;
  allowedDepartments: string[];
  allowedCompanies: string[];
  notify: NotifyPrefs;
  awayFrom: string | null;
  awayUntil: string | null;
};
type Raw = Omit<Recipient, "canViewAllTickets" | "allowedDepartments" | "allowedCompanies" | "notify"> & {
  canViewAllTickets: number;
  allowedDepartments: string;
  allowedCompanies: string;
  notify: string | null;
};

const COLUMNS = `u.id, u.email, u.language, u.first_name AS firstName, u.last_name AS lastName, u.role,
  u.can_view_all_tickets AS canViewAllTickets, u.allowed_departments AS allowedDepartments,
  u.allowed_companies AS allowedCompanies, p.notify, p.away_from AS awayFrom, p.away_until AS awayUntil
  FROM users u LEFT JOIN agent_preferences p ON p.user_id = u.id`;

/** Prepared once per connection: every write that notifies runs these (a submission among them). */
export const notifyStatements = perConnection((sqlite: Database) => ({
  recipients: sqlite.prepare<Raw, [string]>(
    `SELECT ${COLUMNS} WHERE u.id IN (SELECT value FROM json_each(?)) AND u.status = 'active'`,
  ),
  // only users who asked for new tickets by e-mail; with nobody asking this reads no row
  newTicketMailSubscribers: sqlite.prepare<Raw, []>(
    `SELECT ${COLUMNS.replace("LEFT JOIN", "JOIN")} WHERE u.status = 'active'
      AND json_extract(p.notify, '$.newTicket.email') = 1`,
  ),
  insert: sqlite.prepare<{ id: number }, [number, number, string, string | null, number, number]>(
    `INSERT INTO notifications (user_id, ticket_id, kind, actor_name, in_app, created_at)
     VALUES (?, ?, ?, ?, ?, ?) RETURNING id`,
  ),
  digest: sqlite.prepare<{ outboxId: number; status: string | null }, [number]>(
    `SELECT d.outbox_id AS outboxId, o.status FROM notification_digests d
     LEFT JOIN mail_outbox o ON o.id = d.outbox_id WHERE d.user_id = ?`,
  ),
  linked: sqlite.prepare<{ n: number }, [number, number]>(
    "SELECT count(*) AS n FROM (SELECT 1 FROM notifications WHERE outbox_id = ? LIMIT ?)",
  ),
  link: sqlite.prepare<never, [number, number]>("UPDATE notifications SET outbox_id = ? WHERE id = ?"),
}));

export const toRecipient = (r: Raw): Recipient => ({
  ...r,
  canViewAllTickets: r.canViewAllTickets === 1,
  allowedDepartments: JSON.parse(r.allowedDepartments) as string[],
  allowedCompanies: JSON.parse(r.allowedCompanies) as string[],
  notify: r.notify ? (JSON.parse(r.notify) as NotifyPrefs) : {},
});
