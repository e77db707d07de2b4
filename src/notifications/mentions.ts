import { eq } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { users, type TicketRow } from "../../db/schema";
import { rowInScope } from "../tickets/tickets.scope";
import { displayName } from "./notify.service";

export type Mentionable = { id: number; name: string };

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
/** `@Full Name`, in any case, not followed by more of a name. */
const mentions = (text: string, name: string) =>
  new RegExp(`(^|[^\\w@])@${escapeRegExp(name)}(?![\\w-])`, "iu").test(text);

function activeStaff(db: DbOrTx) {
  return db
    .select()
    .from(users)
    .where(eq(users.status, "active"))
    .all()
    .map((u) => ({ user: u, name: displayName(u) }));
}

/** Active staff who may see the ticket: the only people a note on it can mention. */
export const mentionable = (db: DbOrTx, ticket: TicketRow): Mentionable[] =>
  activeStaff(db)
    .filter(({ user }) => rowInScope(user, ticket))
    .map(({ user, name }) => ({ id: user.id, name }))
    .sort((a, b) => a.name.localeCompare(b.name));

/** Who a note names with `@`: those who may see the ticket, and the names of those who may not. */
export function mentionsIn(db: DbOrTx, ticket: TicketRow, text: string) {
  const named = text.includes("@") ? activeStaff(db).filter(({ name }) => mentions(text, name)) : [];
  return {
    ids: named.filter(({ user }) => rowInScope(user, ticket)).map(({ user }) => user.id),
    ignored: named.filter(({ user }) => !rowInScope(user, ticket)).map(({ name }) => name),
  };
}
